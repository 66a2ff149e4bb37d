import { setNonce } from 'get-nonce';
import { STYLE_NONCE_META_NAME } from '../../shared/transport';

/**
 * The nonce this page load was served with (also in its CSP header), or undefined where there is
 * none (component tests). Mantine asks for it through getStyleNonce; react-remove-scroll (Mantine's
 * Modal scroll lock) writes its <style> through react-style-singleton, which asks get-nonce.
 */
const styleNonce =
  document.querySelector<HTMLMetaElement>(`meta[name="${STYLE_NONCE_META_NAME}"]`)?.content || undefined;
if (styleNonce) setNonce(styleNonce);

/** Mantine's getStyleNonce: absent where there is no nonce, so no `nonce=""` attributes appear. */
export const getPageStyleNonce: (() => string) | undefined = styleNonce ? () => styleNonce : undefined;
