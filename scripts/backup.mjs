#!/usr/bin/env node
// `npm run backup` and `npm run restore <file>` (README "Backups").
import { runBuiltCommand } from './command.mjs';

await runBuiltCommand('backup-command.js', 'runBackupCommand');
