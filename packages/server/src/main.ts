// `npm start`: open and migrate the database, then serve the API and the storefront on one port; with
// WORKERS=N (N > 1), N server processes on that port through Node's cluster module (cluster.ts).
// The demo data is not this file's business: `npm start` runs the seed command first
// (seed/cli.ts --if-empty), so the running store never loads the demo generator.
// `npm start` runs this compiled (packages/server/dist/main.js, scripts/build-server.mjs).
import cluster from 'node:cluster';
import { workerCount } from './cluster-size.ts';

const workers = workerCount(process.env.WORKERS);
// Each role loads only its own code: the primary never builds the app, so it starts and forks quickly.
if (workers > 1 && cluster.isPrimary) await (await import('./cluster.ts')).runPrimary(workers);
else await (await import('./serve-store.ts')).serveStore({ migrate: !cluster.isWorker });
