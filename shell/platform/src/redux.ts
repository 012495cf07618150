// Redux for the remotes: what they use of Redux Toolkit and react-redux, from the one copy inside this (shared,
// singleton) package, tree-shaken with the store and the API client that use the rest. Like the router
// (./router.ts), these packages are not shared on their own: the whole of them cost every page ~37 KB brotli.
// ESLint refuses importing them outside the platform (types excepted): a second react-redux would have a
// context of its own, and the store would not be found.
export { createSlice, type PayloadAction } from '@reduxjs/toolkit';
export { Provider, useSelector } from 'react-redux';
