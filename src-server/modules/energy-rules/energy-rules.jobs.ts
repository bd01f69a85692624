/** The NO_DATA check as a scheduled job: at least hourly, in one instance at a time. */
import { defineJob } from '../../platform/jobs/job';
import { type EnergyDeps, checkAllNoData } from './energy-evaluation';

export const ENERGY_NO_DATA_JOB = 'energy-no-data';

export const energyAlarmJobs = (deps: EnergyDeps) => [
  defineJob({
    name: ENERGY_NO_DATA_JOB,
    // Every quarter of an hour: a silence is reported within 15 minutes of passing its hours.
    intervalSeconds: 900,
    run: (signal) => checkAllNoData(deps, signal),
  }),
];
