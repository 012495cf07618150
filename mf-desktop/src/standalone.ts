// Standalone development page (npm run dev in this package): the same async boundary as in the shell.
import('./standalone-main').catch((error: unknown) => console.error('the standalone page failed to load', error));
