// npm start: build whatever is stale (the panel, the server bundle, the embedded database's template), then
// run the server bundle in this same process — one Node start less than a second command (P6, decision 0018).
import { buildIfNeeded } from './build-if-needed.mjs';

buildIfNeeded();
// The server resolves its files from its own location; its working directory is apps/server, where
// `DATA_DIR=./data` has always pointed.
process.chdir(new URL('../apps/server/', import.meta.url).pathname);
await import('../apps/server/dist/server.mjs');
