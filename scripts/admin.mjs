#!/usr/bin/env node
// `npm run admin -- reset-password [<e-mail>]` (README "Logging in to the back office").
import { runBuiltCommand } from './command.mjs';

await runBuiltCommand('admin-command.js', 'runAdminCommand');
