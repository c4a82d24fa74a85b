/** The speedtests module's public face: other modules import only this file. */
export { completionGroup } from './completion-group.ts';
export { MeasurementRuns } from './ndt7/measurement-runs.ts';
export { default as ndt7Routes, ndt7WebSocketPluginOptions } from './ndt7/routes.ts';
export { TicketSigner } from './ndt7/ticket.ts';
export { eraseTestPlacesOfUser } from './speedtests-repository.ts';
export { default as speedtestRoutes } from './routes.ts';
