/** The door of features/alerts: what the rest of the shop may use of it (eslint/doors.js). */
export { removeAlerts, readMyAlerts, subscribeToAlert } from './alerts.ts';
export { ALERT_KINDS, alertsAnswer } from './answer.ts';
export type { AlertKind, AlertsAnswer, CustomerAlert } from './answer.ts';
export { keepPending, takePending } from './pending.ts';
export type { PendingAlert } from './pending.ts';
export { ALERTS_PAGE, alertsPageFor, CREATE_ACCOUNT_PAGE, unsubscribeLink } from './paths.ts';
export { alertsTexts } from './texts.ts';
