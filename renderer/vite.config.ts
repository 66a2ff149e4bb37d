import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// Built once into dist/renderer and loaded by Electron (custom protocol) and by browser mode alike,
// hence relative asset paths. Fonts are emitted as files, never inlined, so the CSP needs no data: fonts.
export default defineConfig({
  root: import.meta.dirname,
  base: './',
  plugins: [react()],
  build: {
    outDir: `${import.meta.dirname}/../dist/renderer`,
    emptyOutDir: true,
    assetsInlineLimit: 0,
    // recharts makes the lazily loaded Reports chunk ~530 kB; it is never on the rating path.
    chunkSizeWarningLimit: 600,
  },
});
