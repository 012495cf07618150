// The shell (host): no remote is named here; the page's pointer registers them at run time.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import {
  browserExperiments,
  externalRuntimeProviderAlias,
  federation,
  MiniCssExtractPlugin,
  modeOf,
  optimization,
  resolve,
  rules,
  serverBase,
  serverFederation,
} from '@site/platform/webpack';
import { shellProvides } from '@site/platform/release-record';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/**
 * Emits what the server needs to build the page: the HTML template, `assets.json` (entry scripts and styles)
 * and the favicon. The entry file is content-hashed here: `[contenthash]` in output.filename breaks the
 * federation runtime module on webpack 5.111 (module-federation/core#5077), so it is emitted as main.js and
 * renamed (nothing else references the entry file's name).
 */
class ShellAssetsPlugin {
  /** `withStart`: the first-view script is built before this compilation (not by the development server). */
  constructor({ withStart }) {
    this.withStart = withStart;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('shell-assets', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'shell-assets', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const scripts = [];
          const styles = [];
          for (const file of compilation.entrypoints.get('main').getFiles()) {
            if (file.endsWith('.js') && compilation.options.mode === 'production') {
              const hash = createHash('md5')
                .update(compilation.getAsset(file).source.buffer())
                .digest('hex')
                .slice(0, 8);
              const hashed = file.replace(/\.js$/, `.${hash}.js`);
              compilation.renameAsset(file, hashed);
              scripts.push(hashed);
            } else if (file.endsWith('.js')) {
              scripts.push(file);
            } else if (file.endsWith('.css')) {
              styles.push(file);
            }
          }
          const { RawSource } = compiler.webpack.sources;
          // The first-view script and the visitor-experience reporter, built before this one by their own compiler
          // (`startConfig`).
          const built = (name) =>
            this.withStart
              ? readdirSync(path.join(appDir, 'dist', 'assets')).find((file) =>
                  new RegExp(`^${name}\\.[0-9a-f]{8}\\.js$`).test(file),
                )
              : undefined;
          // The application's code behind the entry (the bootstrap chunk, React, the platform…): what the first-view
          // script fetches without running once the page is quiet, so that the first press pays only for running it.
          const prefetch = [];
          const seen = new Set();
          const visit = (group) => {
            for (const child of group.getChildren()) {
              if (seen.has(child)) continue;
              seen.add(child);
              prefetch.push(...child.getFiles().filter((file) => file.endsWith('.js')));
              visit(child);
            }
          };
          visit(compilation.entrypoints.get('main'));
          const start = built('start');
          const vitals = built('vitals');
          const assets = {
            scripts,
            styles,
            prefetch: [...new Set(prefetch)],
            ...(start ? { start: `assets/${start}` } : {}),
            ...(vitals ? { vitals: `assets/${vitals}` } : {}),
          };
          compilation.emitAsset('assets.json', new RawSource(JSON.stringify(assets, null, 2)));
          // What this shell gives every remote (@site/shared-types/release checks every release against it before it is used).
          compilation.emitAsset(
            'shell.json',
            new RawSource(JSON.stringify({ format: 1, provides: shellProvides(appDir) }, null, 2)),
          );
          compilation.emitAsset('index.html', new RawSource(readFileSync(path.join(appDir, 'src/index.html'))));
          compilation.emitAsset(
            'assets/favicon.svg',
            new RawSource(readFileSync(path.join(appDir, 'public/favicon.svg'))),
          );
        },
      );
    });
  }
}

/**
 * The server build: `dist/server/main.cjs` exports `loadRenderer()`, which the API server calls at run time.
 * React and the other shared singletons are bundled (the remotes' server builds share them through the
 * federation runtime), so nothing of the front end is resolved from the server's node_modules.
 */
function serverConfig(mode) {
  const base = serverBase({ appDir, name: 'shell_server', mode, outDir: path.join(appDir, 'dist', 'server') });
  return {
    ...base,
    entry: { main: './src/server/index.ts' },
    output: {
      ...base.output,
      uniqueName: 'shell_server',
      // .cjs: the package is an ES module package, and the API server require()s this file.
      filename: '[name].cjs',
      chunkFilename: '[name].[contenthash:8].cjs',
      library: { type: 'commonjs2' },
    },
    plugins: [
      serverFederation(appDir, {
        name: 'shell_server',
        remotes: {},
        manifest: false,
        runtimePlugins: [path.join(appDir, 'src/server/file-entry-plugin.ts')],
      }),
    ],
  };
}

/**
 * The first-view script (`src/start.ts`): what a server-rendered page runs until its application is needed. A
 * compiler of its own, without the federation plugin (which would put its runtime into every entry), built
 * before the browser build, which lists it in `assets.json`. Beside it, as an entry of its own (no chunk loading
 * in the first-view script), the visitor-experience reporter a sample of page views adds at idle.
 */
function startConfig(mode) {
  return {
    name: 'shell-start',
    mode,
    context: appDir,
    target: 'web',
    devtool: false,
    entry: { start: './src/start.ts', vitals: './src/vitals/reporter.ts' },
    resolve,
    output: {
      path: path.join(appDir, 'dist', 'assets'),
      publicPath: 'auto',
      uniqueName: 'shell_start',
      filename: '[name].[contenthash:8].js',
      clean: { keep: (file) => !/^(start|vitals)\.[0-9a-f]{8}\.js$/.test(file) },
    },
    module: { rules: rules() },
    optimization: optimization(mode),
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

export default (env, argv) => {
  const mode = modeOf(argv);
  if (env?.WEBPACK_SERVE) return browserConfig(mode, { withStart: false });
  return [
    startConfig(mode),
    { ...browserConfig(mode, { withStart: true }), dependencies: ['shell-start'] },
    serverConfig(mode),
  ];
};

function browserConfig(mode, { withStart }) {
  return {
    name: 'shell',
    mode,
    context: appDir,
    target: 'web',
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    entry: { main: './src/index.ts' },
    resolve: { ...resolve, alias: externalRuntimeProviderAlias() },
    output: {
      path: path.join(appDir, 'dist'),
      // Resolved from the script's own address: the same build works from this server or a CDN folder.
      publicPath: 'auto',
      uniqueName: 'shell',
      filename: 'assets/[name].js',
      chunkFilename: 'assets/[name].[contenthash:8].js',
      clean: { keep: /^(server\/|assets\/(start|vitals)\.[0-9a-f]{8}\.js$)/ },
    },
    module: { rules: rules() },
    optimization: optimization(mode),
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new MiniCssExtractPlugin({
        filename: 'assets/[name].[contenthash:8].css',
        chunkFilename: 'assets/[name].[contenthash:8].css',
      }),
      federation(appDir, {
        name: 'shell',
        remotes: {},
        manifest: false,
        experiments: browserExperiments({ role: 'host', mode }),
      }),
      new ShellAssetsPlugin({ withStart }),
    ],
    devServer: {
      port: Number(process.env.SHELL_DEV_PORT ?? 3100),
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      devMiddleware: { writeToDisk: false },
    },
  };
}
