import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Description, Id, ListOf, ListQueryFields, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const Module = Type.Object(
  {
    id: Id('mod'),
    course_id: Id('crs'),
    title: Type.String(),
    description: Type.String(),
    position: Type.Integer({ minimum: 0, description: '0-based, dense within the course.' }),
    created_at: Timestamp(),
    updated_at: Timestamp(),
  },
  { title: 'Module' },
);
export type Module = Static<typeof Module>;

const Position = Type.Integer({ minimum: 0, description: '0-based; the others shift to make room. Default: at the end.' });

export const CreateModuleBody = Type.Object(
  { title: Title, description: Type.Optional(Description), position: Type.Optional(Position) },
  { additionalProperties: false },
);
export type CreateModuleBody = Static<typeof CreateModuleBody>;

export const UpdateModuleBody = Type.Object(
  { title: Type.Optional(Title), description: Type.Optional(Description), position: Type.Optional(Position) },
  { additionalProperties: false },
);
export type UpdateModuleBody = Static<typeof UpdateModuleBody>;

export const moduleSorts = { position: { column: 'position', direction: 'asc' } } as const;

export const ListModulesQuery = Type.Object(
  { ...ListQueryFields, sort: Type.Optional(Type.Enum(Object.keys(moduleSorts), { description: 'position (the only order).' })) },
  { additionalProperties: false },
);
export type ListModulesQuery = Static<typeof ListModulesQuery>;

export const CourseIdParams = PathId('Course id (crs_…)');
export const ModuleParams = PathId('Module id (mod_…)');
export const ModuleResponse = DataOf(Module);
export const ModuleListResponse = ListOf(Module);
export const ModuleDeletedResponse = Deleted('mod');
