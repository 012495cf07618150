// Build pieces shared by the shell and the remotes: TypeScript/JSX through swc, CSS Modules with the same class
// names in every build (server rendering needs them identical), the swc minifier, and the MF plugin settings.
import path from 'node:path';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import TerserPlugin from 'terser-webpack-plugin';
import webpack from 'webpack';
import { sharedSingletons } from './federation.mjs';

export { MiniCssExtractPlugin };

export function modeOf(argv) {
  return argv?.mode === 'development' || process.env.NODE_ENV === 'development' ? 'development' : 'production';
}

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
              exportOnlyLocals: server,
              namedExport: false,
              exportLocalsConvention: 'as-is',
            },
          },
        },
      ],
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

/** Values compiled into the browser code. */
export function defines(values) {
  return new webpack.DefinePlugin(
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key, JSON.stringify(value)])),
  );
}

/**
 * A remote: exposes `./App` through `remoteEntry.js` and `mf-manifest.json`, every file content-hashed.
 * `outDir` is where this build writes (the release script moves it into a versioned release folder).
 * In development it also serves a standalone page (`src/standalone.tsx`) with the API proxied.
 */
export function remoteConfig({ appDir, name, port, argv }) {
  const mode = modeOf(argv);
  const outDir = process.env.MF_OUT_DIR ?? path.join(appDir, 'dist', 'dev');
  const label = process.env.MF_RELEASE_LABEL ?? 'dev';
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
        exposes: { './App': './src/app.tsx' },
        manifest: { fileName: 'mf-manifest.json' },
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
