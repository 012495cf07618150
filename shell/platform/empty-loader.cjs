// Server builds: a plain stylesheet (a library's global CSS) contributes nothing to the markup; the browser build
// extracts it. CommonJS because webpack loads loaders with require().
module.exports = function emptyLoader() {
  return 'export {};';
};
