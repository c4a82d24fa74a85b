/**
 * Runs the platform stand-ins as a process of their own, for the browser tests:
 * every account's name carries the product name (for the name quests), and
 * whoever logs in to Discord has joined our server. Prints one line,
 * "STAND-INS READY <server settings as JSON>", once they listen.
 */
import { startStandIns } from './index.ts';

// Free ports unless given (`serve.ts X,DISCORD,TELEGRAM`), so two runs never collide.
const [xPort, discordPort, telegramPort] = (process.argv[2] ?? '0,0,0').split(',').map(Number);
const standIns = await startStandIns({
  ports: { x: xPort, discord: discordPort, telegram: telegramPort },
  defaultName: `Tester ${process.env.PRODUCT_NAME ?? 'Netpulse'}`,
  discordJoinOnLogin: true,
});
console.log(`STAND-INS READY ${JSON.stringify(standIns.env)}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => void standIns.close().then(() => process.exit(0)));
}
