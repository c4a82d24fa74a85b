// Prints the shared contract's texts (`defineTexts`, packages/i18n/src/define-texts.ts) as
// `{ key: English }`: scripts/i18n.mjs adds them to the English catalog beside the messages
// FormatJS's extractor finds in the code.
import { registeredTexts } from '@netpulse/i18n';
import '@netpulse/shared';
import '@netpulse/shared/admin';

process.stdout.write(JSON.stringify(Object.fromEntries(registeredTexts())));
