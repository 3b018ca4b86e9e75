// TypeBox model of cBioPortal's DataAccessToken (api.md 26).
import { Type } from '@sinclair/typebox';

export const DataAccessTokenSchema = Type.Object(
  {
    token: Type.String(),
    username: Type.String(),
    creation: Type.String({ description: 'yyyy-MM-dd HH:mm:ss (UTC)' }),
    expiration: Type.String({ description: 'yyyy-MM-dd HH:mm:ss (UTC)' }),
  },
  { $id: 'DataAccessToken' },
);
