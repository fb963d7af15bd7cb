export * from './employees';
export * from './files';
export * from './permissions';
export * from './plants';
export * from './reference';
export * from './session';
export * from './translations';

import {
  GetAllEmployeeNamesFirstLast,
  GetAvatars,
  GetEmployeeAvatar,
  GetEmployeePhoto,
  UpdateEmployee,
} from './employees';
import { DownloadFile, PostQueueBatch, UploadFiles } from './files';
import {
  GetDefaultTranslations,
  GetPlants,
  RecordPageView,
  ReportClientError,
  SOPLinksForRoute,
  Translate,
  VideoLinksForRoute,
} from './reference';
import { GetSession, Login, Logout } from './session';
import {
  DeleteTranslation,
  GetTranslations,
  ReportMissingTranslations,
  SaveTranslation,
} from './translations';

/** Every call of the platform area, for the server's registry and the README's call list. */
export const platformCalls = [
  Login,
  Logout,
  GetSession,
  GetEmployeePhoto,
  GetAvatars,
  GetEmployeeAvatar,
  GetAllEmployeeNamesFirstLast,
  UpdateEmployee,
  GetPlants,
  Translate,
  GetDefaultTranslations,
  ReportMissingTranslations,
  GetTranslations,
  SaveTranslation,
  DeleteTranslation,
  VideoLinksForRoute,
  SOPLinksForRoute,
  RecordPageView,
  ReportClientError,
  UploadFiles,
  DownloadFile,
  PostQueueBatch,
] as const;
export * from './client-errors';
export * from './help';
export * from './interfaces';
export * from './my-work';
