/** Start-up: config from the environment, then the server. `npm start` runs this compiled (dist-server/main.js) after the build check. */
import { APP_VERSION } from '../sync/version';
import { loadConfig } from './config';
import { startServer } from './server';

const config = loadConfig();
const running = await startServer(config);
console.log(`Quire ${APP_VERSION} listening on ${config.publicUrl} (data in ${config.dataDir}, mail: ${running.ctx.mail.transportName})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void running.close().then(() => process.exit(0));
  });
}
