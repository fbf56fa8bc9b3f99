// What other features may use from this one (decision 025); everything else here is the feature's own.
export { withLocalDays } from './api';
export { EmptyCard } from './empty-card';
export { ExportButton } from './export-button';
