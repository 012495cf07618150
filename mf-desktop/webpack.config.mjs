// Remote mf_desktop: the desktop site, exposed as ./App.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { remoteConfig } from '@site/platform/webpack';

const appDir = path.dirname(fileURLToPath(import.meta.url));

export default (env, argv) => remoteConfig({ appDir, name: 'mf_desktop', port: 3101, env, argv, server: true });
