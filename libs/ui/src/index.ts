export { tokens, type Tone } from './theme/tokens';
export { GLOBAL_CSS, ensureGlobalStyles } from './theme/styles';
export { ThemeRoot, type ThemeRootProps } from './theme/ThemeRoot';

export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/Button';
export { Card, type CardProps } from './components/Card';
export {
  Table,
  TABLE_EMPTY_MESSAGE,
  type TableColumn,
  type TableProps,
  type TableRowGroup,
} from './components/Table';
export { Tabs, type TabItem, type TabsProps } from './components/Tabs';
export { useDashboardTab, type DashboardTab } from './components/useDashboardTab';
export { Badge } from './components/Badge';
export { JOB_STATUS_TONES } from './components/status-tones';
export { Alert, type AlertProps } from './components/Alert';
export { Loading, LOADING_LABEL } from './components/Loading';
export { Skeleton, type SkeletonProps } from './components/Skeleton';
export { StatCard, StatGrid, type StatCardProps } from './components/StatCard';
export { ErrorBoundary, type ErrorBoundaryProps, type ErrorFallbackProps } from './components/ErrorBoundary';
export { PageHeader, type PageHeaderProps } from './components/PageHeader';
export {
  Dialog,
  ConfirmDialog,
  DIALOG_CLOSE_LABEL,
  type DialogProps,
  type ConfirmDialogProps,
} from './components/Dialog';

export {
  BffError,
  fetchBff,
  fetchBffConditional,
  LOAD_ERROR_TITLE,
  type AnswerSchema,
  type ConditionalFetchOptions,
  type ConditionalResult,
  type FetchBffOptions,
} from './data/fetch-bff';
export {
  answerSchema,
  INVALID,
  nullable,
  nullish,
  optional,
  readArray,
  readBoolean,
  readClockTime,
  readCount,
  readInt,
  readIsoDate,
  readLiteral,
  readMatching,
  readNumber,
  readObject,
  readOneOf,
  readPage,
  readString,
  type Invalid,
  type Reader,
} from './data/answer-readers';
export { useBffQuery, type BffQuery } from './data/useBffQuery';
export { QueryView, type QueryViewProps } from './data/QueryView';
export { listQueryString, listUrl, type ListParams, type ListParamValue } from './data/list-url';
export { usePagedList, type ListPage, type PagedList, type PagedListOptions } from './data/usePagedList';

export { SearchField, type SearchFieldProps } from './lists/SearchField';
export { ListFilters, type ListFiltersProps } from './lists/ListFilters';
export { ListCount, listCountText, LIST_COUNT_TEST_ID } from './lists/ListCount';
export { ResponsiveTable, useNarrowScreen, NARROW_SCREEN_QUERY } from './lists/ResponsiveTable';
export {
  PagedListBody,
  LOAD_MORE_LABEL,
  LOAD_MORE_BUSY_LABEL,
  type PagedListBodyProps,
} from './lists/PagedListBody';
export { ListScreen, LIST_SKELETON_HEIGHT, type ListScreenProps } from './lists/ListScreen';
export { ListCard, type ListCardProps, type ListCardResource } from './lists/ListCard';

export { formatTimeRange, formatTimestampBR } from './format';

export {
  Field,
  TextField,
  SelectField,
  optionsOf,
  TextAreaField,
  useFieldIds,
  type FieldProps,
  type FieldMessages,
  type TextFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type TextAreaFieldProps,
} from './forms/Field';
export { PhoneField, type PhoneFieldProps } from './forms/PhoneField';
export { CnpjField, cnpjCharacters, type CnpjFieldProps } from './forms/CnpjField';
export {
  FreelancerExperienceFields,
  type FreelancerExperienceFieldsProps,
} from './forms/FreelancerExperienceFields';
export { CepField, type CepFieldProps } from './forms/CepField';
export {
  ADDRESS_ENDPOINT,
  AddressLookupError,
  lookupCep,
  searchAddresses,
  type AddressClientOptions,
} from './forms/address-client';

export {
  useLiveRefresh,
  type LiveRefreshOptions,
  type LiveSourceName,
  type LiveStatus,
} from './live/useLiveRefresh';
export { LoadErrorAlert } from './data/LoadErrorAlert';
export { useClock } from './data/useClock';
export { SpendingPanels, type SpendingPanelsProps } from './spending/SpendingPanels';
export { spendingDayLabel, spentShare, monthChange, monthChangeText } from './spending/spending';
export { TimesheetCorrection, type TimesheetCorrectionProps } from './timesheets/TimesheetCorrection';
export { sendBff, type SendBffOptions } from './data/send-bff';
export {
  useBffMutation,
  bffErrorMessage,
  type BffMutation,
  type BffMutationOptions,
  type MutationResult,
  type RunOptions,
} from './data/useBffMutation';
export {
  AGENDA_DEFAULT_FILTERS,
  AGENDA_PERIOD_OPTIONS,
  AGENDA_QUERY_DEFAULTS,
  AGENDA_STATUS_OPTIONS,
  agendaQuery,
  isDefaultAgenda,
  type AgendaFilters,
  type AgendaPeriodChoice,
  type AgendaQuery,
} from './agenda/agenda-filters';
export { InvoicePixPayment, pixQrDataUrl, type InvoicePixPaymentProps } from './pix/InvoicePixPayment';
export { PrivacyCard, CONSENTS_URL } from './privacy/PrivacyCard';
export {
  NotificationBell,
  NOTIFICATIONS_URL,
  type NotificationBellProps,
} from './notifications/NotificationBell';
export { BrowserPushToggle } from './notifications/BrowserPushToggle';
export {
  NotificationPreferencesCard,
  NOTIFICATION_PREFERENCES_URL,
} from './notifications/NotificationPreferencesCard';
export {
  browserPushState,
  enableBrowserPush,
  disableBrowserPush,
  type BrowserPushEnv,
  type BrowserPushState,
} from './notifications/browser-push';
export { BillingModeChoice, type BillingModeChoiceProps } from './billing/BillingModeChoice';
