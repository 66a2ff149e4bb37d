/**
 * The reason for a deviation from the sealed protocol (issue 25), asked only once the protocol is
 * sealed: the app's form of the CLI's deviation reason. A form that can change the protocol (a new
 * sample, a re-plan, raters joining) sends it with its call; the service then records the change as a
 * deviation with this reason, shown in the report, or refuses it when the reason is blank.
 */
import { Textarea } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ProtocolSealInfo } from '../../../../shared/coordinator-api';
import { api } from '../../api/current';
import { FIELD_LABELS } from '../../coordinator/fieldErrors';

/** The call's field: absent when blank, so an unsealed study's calls are as before. */
export function deviationReasonOf(text: string): { deviationReason?: string } {
  const reason = text.trim();
  return reason === '' ? {} : { deviationReason: reason };
}

export function DeviationReasonField({
  value,
  onChange,
  error,
  onError,
}: {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
  onError(error: unknown): void;
}) {
  const [seal, setSeal] = useState<ProtocolSealInfo | null>(null);
  useEffect(() => {
    api().getProtocolSeal().then(setSeal, onError);
  }, [onError]);
  if (!seal) return null;
  return (
    <Textarea
      label={FIELD_LABELS.deviationReason}
      description={`The protocol was sealed on ${new Date(seal.sealedAt).toLocaleString()} (SHA-256 ${seal.hash.slice(0, 12)}…). A change to it is recorded as a deviation with this reason, which the report shows; without a reason it is refused.`}
      autosize
      minRows={2}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
    />
  );
}
