// What other features may use from this one (decision 025); everything else here is the feature's own.
export { impersonateRequest } from './api';
export { AuthCard } from './auth-card';
export { useLogInAs } from './use-log-in-as';
