// @vitest-environment jsdom
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FAKE_MASTER_PASSPHRASE } from '../fake-coordinator';
import { fileInput, JOB_WAIT, plannedMaster, renderMaster, textFile } from './render-master';

afterEach(cleanup);

describe('Packages screen', () => {
  it('offers to seal the protocol once packages are written, then shows its SHA-256', async () => {
    const { user, api } = await renderMaster('Packages', await plannedMaster());
    await screen.findByText('Will write 2 packages into the workspace folder /srv/studies.');
    expect(screen.queryByRole('button', { name: 'Seal the protocol' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Write 2 packages' }));
    await user.click(await screen.findByRole('button', { name: 'Seal the protocol' }, JOB_WAIT));
    const panel = await screen.findByRole('region', { name: 'Protocol seal' });
    expect(await within(panel).findByText(/^Protocol sealed .*, no deviation since\.$/)).toBeTruthy();
    expect(within(panel).getByText('ab'.repeat(32))).toBeTruthy();
    expect(api.writes.map((w) => w.method)).toEqual(['startPack', 'sealProtocol']);
  });

  it('writes every package, shows each passphrase once with a copy button, and shows it again only for the master passphrase', async () => {
    const { user, api } = await renderMaster('Packages', await plannedMaster());
    expect(await screen.findByText('Will write 2 packages into the workspace folder /srv/studies.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Write 2 packages' }));
    const sheet = await screen.findByRole('region', { name: 'Hand-over sheet for Dr A' }, JOB_WAIT);
    const passphrase = sheet.querySelector('code')!.textContent!;
    expect(passphrase).toMatch(/river stone lamp/);
    expect(within(sheet).getByRole('button', { name: "Copy Dr A's passphrase" })).toBeTruthy();
    expect(within(sheet).getByRole('button', { name: "Print Dr A's hand-over sheet" })).toBeTruthy();
    expect(api.writes.map((w) => w.method)).toEqual(['startPack']);

    await user.click(await screen.findByRole('button', { name: "Show Dr A's passphrase…" }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Master passphrase'), 'guess{Enter}');
    expect(await within(dialog).findByText('Wrong master passphrase.')).toBeTruthy();
    expect(within(dialog).queryByText(passphrase)).toBeNull();
    await user.type(within(dialog).getByLabelText('Master passphrase'), `${FAKE_MASTER_PASSPHRASE}{Enter}`);
    expect(await within(dialog).findByText(passphrase)).toBeTruthy();
  });

  it('asks before re-issuing a package', async () => {
    const api = await plannedMaster();
    const { user } = await renderMaster('Packages', api);
    await user.click(await screen.findByRole('button', { name: 'Write 2 packages' }));
    await user.click(await screen.findByRole('button', { name: "Re-issue Dr B's package" }, JOB_WAIT));
    const dialog = await screen.findByRole('dialog', { name: 'Re-issue packages?' });
    expect(within(dialog).getByText(/Dr B already have a package/)).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Keep the issued packages' }));
    expect(api.writes.map((w) => w.method)).toEqual(['startPack']);
  });
});

describe('Returns screen', () => {
  it('lists each package accepted or refused with its reason, and merges nothing when one is refused', async () => {
    const api = await plannedMaster();
    const handleFor = api.handleFor.bind(api);
    api.handleFor = (name, bytes, purpose) => {
      const handle = handleFor(name, bytes, purpose);
      api.returnVerdicts.set(
        handle.token,
        name === 'edited.blindrate'
          ? {
              file: name,
              rater: 'Dr B',
              accepted: false,
              detail: 'rating task 1: the stored answer differs from the last audited one.',
            }
          : { file: name, rater: 'Dr A', accepted: true, detail: '12 answers added, rater locked.' },
      );
      return handle;
    };
    const { user } = await renderMaster('Returns', api);
    await user.upload(fileInput(), [textFile('Dr-A.blindrate', 'x'), textFile('edited.blindrate', 'x')]);
    await user.click(await screen.findByRole('button', { name: 'Check and merge 2 packages' }));
    const table = await screen.findByRole('table', { name: 'Each package checked' }, JOB_WAIT);
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual([
      'Dr-A.blindrateDr Aaccepted12 answers added, rater locked.',
      'edited.blindrateDr Brefusedrating task 1: the stored answer differs from the last audited one.',
    ]);
    expect(screen.getByText(/^Nothing was merged: every chosen package must pass/)).toBeTruthy();
    expect(api.writes).toEqual([]);
  });
  it('sends the lock receipt typed for a file, and offers the passphrase field for a package the master forgot', async () => {
    const api = await plannedMaster();
    const handleFor = api.handleFor.bind(api);
    api.handleFor = (name, bytes, purpose) => {
      const handle = handleFor(name, bytes, purpose);
      api.returnVerdicts.set(handle.token, {
        file: name,
        rater: null,
        accepted: false,
        detail: 'a package this master has no record of (packed after the backup it was restored from?).',
        remedy: 'adopt',
      });
      return handle;
    };
    const { user } = await renderMaster('Returns', api);
    await user.upload(fileInput(), [textFile('Dr-C.blindrate', 'x')]);
    await user.type(screen.getByRole('textbox', { name: 'Lock receipt of Dr-C.blindrate' }), ' VADC-1PN8-RFK7 ');
    expect(screen.queryByLabelText('Passphrase of Dr-C.blindrate')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Check and merge 1 package' }));
    expect(await screen.findByText(/field under "To take it anyway"/, {}, JOB_WAIT)).toBeTruthy();
    expect(api.writes).toEqual([]);

    await user.type(screen.getByLabelText('Passphrase of Dr-C.blindrate'), 'amber river stone');
    await user.click(screen.getByRole('button', { name: 'Check and merge 1 package' }));
    expect(await screen.findByText('Merged 1 package(s).', {}, JOB_WAIT)).toBeTruthy();
    const [token] = api.mergeRequests[0]!.files;
    expect(api.mergeRequests.map((r) => r.choices)).toEqual([
      { [token!]: { receipt: 'VADC-1PN8-RFK7' } },
      { [token!]: { receipt: 'VADC-1PN8-RFK7', adoptPassphrase: 'amber river stone' } },
    ]);
  });

  it('offers the diverged-history acceptance only for the file refused for it, and sends no choices untouched', async () => {
    const api = await plannedMaster();
    const handleFor = api.handleFor.bind(api);
    api.handleFor = (name, bytes, purpose) => {
      const handle = handleFor(name, bytes, purpose);
      if (name === 'Dr-B.blindrate')
        api.returnVerdicts.set(handle.token, {
          file: name,
          rater: 'Dr B',
          accepted: false,
          detail: 'its audit history differs from the version merged before.',
          remedy: 'accept-diverged',
        });
      return handle;
    };
    const { user } = await renderMaster('Returns', api);
    await user.upload(fileInput(), [textFile('Dr-A.blindrate', 'x'), textFile('Dr-B.blindrate', 'x')]);
    await user.click(screen.getByRole('button', { name: 'Check and merge 2 packages' }));
    await screen.findByRole('table', { name: 'Each package checked' }, JOB_WAIT);
    expect(screen.queryByRole('checkbox', { name: /^Merge Dr-A\.blindrate accepting/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^Merge Dr-B\.blindrate accepting its diverged history/ }));
    await user.click(screen.getByRole('button', { name: 'Check and merge 2 packages' }));
    expect(await screen.findByText('Merged 2 package(s).', {}, JOB_WAIT)).toBeTruthy();
    const [, tokenB] = api.mergeRequests[1]!.files;
    expect(api.mergeRequests.map((r) => r.choices)).toEqual([{}, { [tokenB!]: { acceptDivergedHistory: true } }]);
  });
});

describe('Exports screen', () => {
  it('saves an export through the download and says where it went', async () => {
    const api = await plannedMaster();
    const { user, download } = await renderMaster('Exports', api);
    await user.click(await screen.findByRole('button', { name: 'Save Ratings (tidy) as CSV' }));
    expect(await screen.findByText('Saved ratings.csv (2.0 KB) as a download.', {}, JOB_WAIT)).toBeTruthy();
    expect(download).toHaveBeenCalledWith({
      name: 'ratings.csv',
      bytes: 2048,
      folderLabel: 'Downloads',
      downloadToken: 'dl-ratings.csv',
    });
    expect(api.writes).toEqual([{ method: 'startExport', request: { what: 'ratings', format: 'csv' } }]);
  });
});
