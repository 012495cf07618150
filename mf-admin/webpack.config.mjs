// Remote mf_admin: the back office under /admin, exposed as ./App.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@site/platform/webpack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => remoteConfig({ appDir, name: 'mf_admin', port: 3103, env, argv });
