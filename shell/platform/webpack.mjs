// Build pieces shared by the shell and the remotes: TypeScript/JSX through swc, CSS Modules with the same class
// names in every build (server rendering needs them identical), the swc minifier, and the MF plugin settings.
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { sharedSingletons } from './federation.mjs';

export { MiniCssExtractPlugin };

export function modeOf(argv) {
  return argv?.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
}

/**
 * The folder CSS Modules' class names are worked out from: the repository's, the same for every build. Each build
 * compiles the platform's own stylesheets too (in its fallback copy of the platform), and a class name made from a
 * path relative to the build's own folder would differ from the shell's, which renders them: a page drawn on the
 * server would then carry the platform's class names without their styles until the application came.
 */
const CLASS_NAME_CONTEXT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export function rules({ server = false } = {}) {
  return [
    {
      test: /\.[jt]sx?$/,
      exclude: /node_modules/,
      use: {
        loader: 'swc-loader',
        options: {
          jsc: {
            parser: { syntax: 'typescript', tsx: true },
            transform: { react: { runtime: 'automatic' } },
            target: server ? 'es2022' : 'es2020',
          },
        },
      },
    },
    {
      test: /\.module\.css$/,
      use: [
        ...(server ? [] : [MiniCssExtractPlugin.loader]),
        {
          loader: 'css-loader',
          options: {
            modules: {
              localIdentName: '[local]_[hash:base64:6]',
              localIdentContext: CLASS_NAME_CONTEXT,
              exportOnlyLocals: server,
              namedExport: false,
              exportLocalsConvention: 'as-is',
            },
          },
        },
      ],
    },
    {
      // A library's global stylesheet (swiper's): extracted for the browser, nothing on the server.
      test: /\.css$/,
      exclude: /\.module\.css$/,
      use: server
        ? [path.join(path.dirname(fileURLToPath(import.meta.url)), 'empty-loader.cjs')]
        : [MiniCssExtractPlugin.loader, 'css-loader'],
    },
  ];
}

export const resolve = { extensions: ['.tsx', '.ts', '.js', '.mjs'] };

export function optimization(mode) {
  return {
    minimize: mode === 'production',
    minimizer: [new TerserPlugin({ minify: TerserPlugin.swcMinify, extractComments: false })],
  };
}

/** The MF plugin with the shared singletons; `options` adds name, exposes, filename. */
export function federation(appDir, options) {
  return new ModuleFederationPlugin({
    shared: sharedSingletons(appDir),
    shareStrategy: 'loaded-first',
    // Types come from shared-types and @site/platform, never downloaded from remotes.
    dts: false,
    ...options,
  });
}

const require = createRequire(import.meta.url);

/**
 * Federation settings of a Node build (server rendering): containers as CommonJS, remotes loaded as scripts
 * through @module-federation/node's runtime plugin (chunks read from the release folder on disk), plus the
 * caller's own runtime plugins.
 */
export function serverFederation(appDir, { runtimePlugins = [], ...options }) {
  return federation(appDir, {
    ...options,
    library: { type: 'commonjs-module', name: options.name },
    remoteType: 'script',
    runtimePlugins: [require.resolve('@module-federation/node/runtimePlugin'), ...runtimePlugins],
  });
}

/** What every Node build shares: async chunk loading, readable output (no minifying: it never goes over the wire). */
export function serverBase({ appDir, name, mode, outDir }) {
  return {
    name,
    mode,
    context: appDir,
    target: 'async-node',
    devtool: false,
    resolve,
    // createRequire stays Node's own (webpack would otherwise try to bundle what it requires).
    module: { rules: rules({ server: true }), parser: { javascript: { createRequire: false } } },
    optimization: { minimize: false },
    performance: { hints: false },
    stats: 'errors-warnings',
    output: {
      path: outDir,
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
  };
}

/** Values compiled into the browser code. */
export function defines(values) {
  return new webpack.DefinePlugin(
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)])),
  );
}

/**
 * A remote: exposes `./App` through `remoteEntry.js` and `mf-manifest.json`, every file content-hashed, into
 * `<outDir>/web`; with `server`, the same module built for Node into `<outDir>/server` (server rendering).
 * `outDir` is the release folder the release script chose. In development (`webpack serve`) only the browser
 * build is made, and it also serves a standalone page (`src/standalone.tsx`) with the API proxied.
 */
export function remoteConfig({ appDir, name, port, env, argv, server = false }) {
  const mode = modeOf(argv);
  const outDir = process.env.MF_OUT_DIR ?? path.join(appDir, 'dist', 'dev');
  const label = process.env.MF_RELEASE_LABEL ?? 'dev';
  const exposes = { './App': './src/app.tsx' };
  const web = webRemoteConfig({ appDir, name, port, mode, outDir: path.join(outDir, 'web'), label, exposes });
  if (!server || env?.WEBPACK_SERVE) return web;
  const node = serverBase({ appDir, name: `${name}_server`, mode, outDir: path.join(outDir, 'server') });
  return [
    web,
    {
      ...node,
      entry: {},
      output: {
        ...node.output,
        // '' resolves chunks next to remoteEntry.js, wherever the release folder is.
        publicPath: '',
        uniqueName: name,
        filename: '[name].js',
        library: { type: 'commonjs-module' },
      },
      plugins: [
        defines({ __REMOTE_NAME__: name, __RELEASE_LABEL__: label }),
        serverFederation(appDir, { name, filename: 'remoteEntry.js', exposes, manifest: false }),
      ],
    },
  ];
}

/**
 * `provideExternalRuntime` adds the provider plugin by `require.resolve`, which picks its CommonJS build; that
 * build requires the CommonJS runtime core, a second copy next to the ES module one the bundler runtime imports
 * (11 KB more in the shell's entry). The host's browser build resolves the plugin to its ES module build instead.
 */
export function externalRuntimeProviderAlias() {
  const fromEnhanced = createRequire(require.resolve('@module-federation/enhanced'));
  const commonJs = fromEnhanced.resolve('@module-federation/inject-external-runtime-core-plugin');
  const esm = commonJs.replace(/\.cjs$/, '.js');
  if (esm === commonJs) throw new Error(`unexpected build of the runtime provider plugin: ${commonJs}`);
  return { [commonJs]: esm };
}

/**
 * Federation experiments of the browser builds. The shell (a pure host) provides its federation runtime core as
 * the global `_FEDERATION_RUNTIME_CORE` (`@module-federation/inject-external-runtime-core-plugin`, run at the
 * shell's start); a remote's production build takes it from there instead of carrying a copy in
 * `remoteEntry.js`. A development build keeps its own runtime: its standalone page runs without the shell.
 * `target: 'web'` drops the runtime's Node script loader from browser code. `disableSnapshot` is not set: the
 * snapshot plugin is what reads the `mf-manifest.json` entries the remotes are registered with.
 */
export function browserExperiments({ role, mode }) {
  const optimization = { target: 'web' };
  if (role === 'host') return { provideExternalRuntime: true, optimization };
  return mode === 'production' ? { externalRuntime: true, optimization } : { optimization };
}

function webRemoteConfig({ appDir, name, port, mode, outDir, label, exposes }) {
  return {
    name,
    mode,
    context: appDir,
    target: 'web',
    // Source maps without eval: the site's CSP forbids it in development too.
    devtool: mode === 'development' ? 'cheap-module-source-map' : false,
    entry: mode === 'development' ? { standalone: './src/standalone.ts' } : {},
    resolve,
    output: {
      path: outDir,
      publicPath: 'auto',
      uniqueName: name,
      filename: mode === 'development' ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    module: { rules: rules() },
    optimization: optimization(mode),
    performance: { hints: false },
    stats: 'errors-warnings',
    plugins: [
      new MiniCssExtractPlugin({ filename: '[name].[contenthash:8].css', chunkFilename: '[name].[contenthash:8].css' }),
      defines({ __REMOTE_NAME__: name, __RELEASE_LABEL__: label }),
      federation(appDir, {
        name,
        filename: 'remoteEntry.js',
        exposes,
        manifest: { fileName: 'mf-manifest.json' },
        experiments: browserExperiments({ role: 'remote', mode }),
      }),
    ],
    devServer: {
      port,
      hot: false,
      liveReload: true,
      headers: { 'Access-Control-Allow-Origin': '*' },
      static: false,
      proxy: [{ context: ['/api', '/uploads'], target: process.env.API_URL ?? 'http://localhost:3000' }],
      // Every page address answers the standalone page (history mode); files come from the dev middleware.
      setupMiddlewares: (middlewares) => {
        middlewares.unshift({
          name: 'standalone-page',
          middleware: (req, res, next) => {
            if (req.method !== 'GET' || !req.headers.accept?.includes('text/html')) return next();
            res.setHeader('Content-Type', 'text/html; charset=utf-8');
            res.end(
              `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${name}</title></head><body><div id="root"></div><script src="/standalone.js"></script></body></html>`,
            );
          },
        });
        return middlewares;
      },
      devMiddleware: { writeToDisk: false },
    },
  };
}
