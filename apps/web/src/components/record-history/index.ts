export { RecordHistory, type RecordHistoryProps } from './record-history';
export { ChangeList } from './change-list';
export {
  ENTITY_TYPE_LABELS,
  actionWords,
  changeLines,
  changeText,
  fieldLabel,
  formatValue,
  recordLink,
  type ChangeLine,
} from './audit-format';
export { auditActorsQuery, auditKeys, auditListQuery, recordHistoryQuery, type AuditListParams } from './audit.queries';
