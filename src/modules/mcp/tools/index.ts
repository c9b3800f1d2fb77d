import type { LecternTool } from '../tool-definition.js';
import { createCourseOutline } from './create-course-outline.js';
import { deleteCourseTool } from './delete-course.js';
import { getCourseOutline } from './get-course-outline.js';
import { listCoursesTool } from './list-courses.js';
import { publishCourse } from './publish-course.js';

/** Every MCP tool in the order tools/list shows them (a key sees the ones its scopes allow). */
export const tools: readonly LecternTool[] = [
  listCoursesTool,
  getCourseOutline,
  createCourseOutline,
  publishCourse,
  deleteCourseTool,
];
