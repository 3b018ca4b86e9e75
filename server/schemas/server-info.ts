// TypeBox models of cBioPortal's Info and URLShortenerResponse (api.md 28).
import { Type } from '@sinclair/typebox';

export const InfoSchema = Type.Object(
  {
    portalVersion: Type.String(),
    dbVersion: Type.String(),
    genesetVersion: Type.Optional(Type.String()),
    geneTableVersion: Type.Optional(Type.String()),
    gitBranch: Type.String(),
    gitCommitId: Type.String(),
    gitCommitIdAbbrev: Type.Optional(Type.String()),
    gitCommitIdDescribe: Type.String(),
    gitCommitIdDescribeShort: Type.String(),
    gitCommitMessageFull: Type.String(),
    gitCommitMessageShort: Type.String(),
    gitCommitMessageUserEmail: Type.String(),
    gitCommitMessageUserName: Type.String(),
    gitDirty: Type.Boolean(),
  },
  { $id: 'Info' },
);

export const URLShortenerResponseSchema = Type.Object(
  { shortURL: Type.Optional(Type.String()), error: Type.Optional(Type.String()) },
  { $id: 'URLShortenerResponse' },
);
