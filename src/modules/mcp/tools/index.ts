import type { LecternTool } from '../tool-definition.js';
import { createCourseOutline } from './create-course-outline.js';
import { deleteCourseTool } from './delete-course.js';
import { enrollStudents } from './enroll-students.js';
import { exportCourse } from './export-course.js';
import { getCourseAnalytics } from './get-course-analytics.js';
import { getCourseOutline } from './get-course-outline.js';
import { getQuizResults } from './get-quiz-results.js';
import { getStudentTool } from './get-student.js';
import { getStudentProgress } from './get-student-progress.js';
import { listCoursesTool } from './list-courses.js';
import { listStudentsTool } from './list-students.js';
import { publishCourse } from './publish-course.js';
import { searchTool } from './search.js';

/** Every MCP tool in the order tools/list shows them (a key sees the ones its scopes allow). */
export const tools: readonly LecternTool[] = [
  listCoursesTool,
  getCourseOutline,
  createCourseOutline,
  publishCourse,
  deleteCourseTool,
  searchTool,
  listStudentsTool,
  getStudentTool,
  enrollStudents,
  getStudentProgress,
  getCourseAnalytics,
  getQuizResults,
  exportCourse,
];
