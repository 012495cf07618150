// Remote mf_mobile: the mobile site under /move/, exposed as ./App.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@site/platform/webpack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => remoteConfig({ appDir, name: 'mf_mobile', port: 3102, env, argv, server: true });
