declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}

/** Compiled in by the build (shell/platform/webpack.mjs). */
declare const __REMOTE_NAME__: string;
declare const __RELEASE_LABEL__: string;

/** Global stylesheets (CKEditor's): extracted by the build. */
declare module '*.css';
