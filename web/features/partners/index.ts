// What other features may use from this one (decision 025); everything else here is the feature's own.
export { type ExtraColumn, usePartnerBalanceColumns } from './balance-columns';
export { ProgrammeSection } from './programme-section';
export { DefaultRuleButton } from './rule-modal';
