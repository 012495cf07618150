#!/usr/bin/env node
// `npm run media -- migrate` (README "Media storage").
import { runBuiltCommand } from './command.mjs';

await runBuiltCommand('media-command.js', 'runMediaCommand');
