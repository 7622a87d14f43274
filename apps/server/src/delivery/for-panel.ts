/**
 * What the panel plane may use of the delivery plane, and nothing else (eslint.config.js zone; decision 0075):
 * the library versions its syncs and catalog edits bump, the connection paths a reseller move rewrites, the connection
 * rows the online screen's disconnect and a line's block or deletion end (cut in every delivery process
 * through the tracker's notices, decision 0076), the short-link code it mints and the day views are counted by.
 */
export type { ConnectionTracker } from './connections/connections.service';
export {
  endConnections,
  endConnectionsOfLine,
  enqueueEdgeDisconnect,
  lockActiveConnection,
} from './connections/connections.repository';
export {
  moveConnectionPaths,
  moveConnectionsOfLine,
  moveConnectionsOfOwner,
} from './connections/connection-upkeep.repository';
export { bumpCategoryVersions, bumpLibraryVersion } from './content/library-version.repository';
export { newShortLinkCode } from './short-link-redirect/short-link-code';
export { addViews, viewDay } from './views/views.repository';
