// The async boundary: shared modules (React, the store) are negotiated with the remotes before any of them runs.
import('./bootstrap');
