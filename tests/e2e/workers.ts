/**
 * How many browser test files run at once, each worker with a server of its own (globalSetup.ts);
 * files on one server run one after another, since some move its clock or change its settings.
 * `E2E_WORKERS` sets it.
 */
export const e2eWorkers = () => Math.max(1, Number(process.env.E2E_WORKERS || 2))
