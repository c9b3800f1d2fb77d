import { type Static, Type } from 'typebox';
import { DataOf, Deleted, Description, Id, ListOf, ListQueryFields, PathId, Timestamp, Title } from '../../shared/schemas.js';

export const exampleModule = {
  id: 'mod_01jd4z3m2b7c8d9e0f1g2h3j4k',
  course_id: 'crs_01jd4z3k9q8x7v6b5n4m3c2x1z',
  title: 'Linear equations',
  description: 'Solving for x.',
  position: 0,
  created_at: '2026-11-21T19:06:00.000Z',
  updated_at: '2026-11-21T19:06:00.000Z',
};

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
  { $id: 'Module', title: 'Module', description: 'An ordered section of a course.', examples: [exampleModule] },
);
export type Module = Static<typeof Module>;

const Position = Type.Integer({ minimum: 0, description: '0-based; the others shift to make room. Default: at the end.' });

export const CreateModuleBody = Type.Object(
  { title: Title, description: Type.Optional(Description), position: Type.Optional(Position) },
  { $id: 'CreateModuleRequest', additionalProperties: false, examples: [{ title: 'Linear equations', description: 'Solving for x.' }] },
);
export type CreateModuleBody = Static<typeof CreateModuleBody>;

export const UpdateModuleBody = Type.Object(
  { title: Type.Optional(Title), description: Type.Optional(Description), position: Type.Optional(Position) },
  { $id: 'UpdateModuleRequest', additionalProperties: false, description: 'The fields to change; the others stay.', examples: [{ position: 0 }] },
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
/** Shared (app.addSchema in plugins/openapi.ts). */
export const moduleSchemas = [Module];

export const ModuleResponse = DataOf(Module, { description: 'The module.', examples: [{ data: exampleModule }] });
export const ModuleListResponse = ListOf(Module, {
  examples: [{ data: [exampleModule], pagination: { page: 1, per_page: 20, total: 1, total_pages: 1, next_cursor: null } }],
});
export const ModuleDeletedResponse = Deleted('mod', { description: 'The module is gone with its lessons; the modules after it moved up one.' });
