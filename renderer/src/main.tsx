import '@fontsource/inter/400.css';
import '@fontsource/inter/500.css';
import '@fontsource/inter/600.css';
import '@fontsource/inter/700.css';
import '@mantine/core/styles.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installApi } from './api/current';
import { userMessage } from './api/errors';
import { resolveFrontEnd } from './api/resolve';
import { installTransfer } from './api/transfer';
import { App } from './App';
import { Providers } from './Providers';

const root = createRoot(document.getElementById('root')!);
try {
  const frontEnd = resolveFrontEnd();
  installApi(frontEnd.api);
  installTransfer(frontEnd.transfer);
  root.render(
    <StrictMode>
      <Providers>
        <App reloadPage={() => window.location.reload()} />
      </Providers>
    </StrictMode>,
  );
} catch (error) {
  root.render(
    <main className="startup-error">
      <h1>BlindRate cannot start</h1>
      <p>{userMessage(error)}</p>
    </main>,
  );
}
