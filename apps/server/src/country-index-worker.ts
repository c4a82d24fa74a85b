/**
 * A worker thread's entry (lib/country-index.ts, countryIndexInWorker): builds the countries'
 * index and hands its typed arrays over to the server, so the JSON read on the way dies with
 * the worker. Bundled beside server.js (build.mjs).
 */
import { parentPort } from 'node:worker_threads';
import { BOUNDARIES_FILE, buildCountryIndex, transferablesOf } from './lib/country-index.ts';

if (!parentPort) throw new Error('country-index-worker runs as a worker thread');
const index = buildCountryIndex(BOUNDARIES_FILE);
parentPort.postMessage(index, transferablesOf(index));
