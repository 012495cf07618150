#!/usr/bin/env node
// `npm run release -- list | import <remote> [<release>|<folder>] | activate <remote> <id> |
// canary <remote> <id> <percent> | promote <remote> | rollback <remote>` (README "Ship one remote").
import { runBuiltCommand } from './command.mjs';

await runBuiltCommand('release-command.js', 'runReleaseCommand');
