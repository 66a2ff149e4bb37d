/** Quality control designed into a study: roles, options, the queue design and the calibration file. */
export { QC_ROLES, REFERENCE_CONTROL_MODEL, isQcRole, type QcRole } from './roles';
export { NO_QC, qcOptionsProblem, qcOptionsSchema, type QcOptions } from './options';
export {
  QcDesignError,
  countQueueRoles,
  minimumTasksBetweenRepeats,
  planRatingQueue,
  repeatCount,
  type PlannedTask,
  type QcDesignInput,
} from './design';
export {
  parseCalibrationFile,
  resolveCalibrationOutputs,
  type CalibrationEntry,
  type CalibrationFeedback,
  type ParseCalibrationResult,
} from './calibration';
