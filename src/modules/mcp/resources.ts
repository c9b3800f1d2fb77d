import { type McpServer, ResourceNotFoundError, ResourceTemplate } from '@modelcontextprotocol/server';
import { AppError } from '../../shared/errors.js';
import { hasScope } from '../api-keys/scopes.js';
import { listCourses } from '../courses/courses.service.js';
import type { ToolCall } from './tool-definition.js';
import { getCourseOutline } from './tools/get-course-outline.js';

/** resources/list names this many outlines, the most recently changed first (each URI reads any course). */
export const LISTED_OUTLINES = 100;

export const outlineUri = (courseId: string) => `lectern://courses/${courseId}/outline`;

/**
 * Course outlines as resources, `lectern://courses/{id}/outline`: the get_course_outline answer as
 * JSON. Offered to keys with courses:read, read with the key's scopes (quiz answers only with
 * courses:write) and workspace (another workspace's course is not found).
 */
export function registerResources(server: McpServer, call: ToolCall): void {
  if (!hasScope(call.auth.scopes, 'courses:read')) return;
  const template = new ResourceTemplate('lectern://courses/{id}/outline', {
    list: async () => {
      const page = await listCourses(call.ctx, call.auth.workspaceId, { per_page: LISTED_OUTLINES, cursor: '', sort: '-updated_at' });
      return {
        resources: page.data.map((course) => ({
          uri: outlineUri(course.id),
          name: `${course.id}/outline`,
          title: `${course.title}: outline`,
          mimeType: 'application/json',
        })),
      };
    },
    // completion/complete for {id}: the ids of the workspace's courses that start with what was typed.
    complete: {
      id: async (value) => {
        const page = await listCourses(call.ctx, call.auth.workspaceId, { per_page: LISTED_OUTLINES, cursor: '', sort: '-updated_at' });
        return page.data.map((course) => course.id).filter((id) => id.startsWith(value));
      },
    },
  });
  server.registerResource(
    'course_outline',
    template,
    {
      title: 'Course outline',
      description: 'A course with its modules and lessons in order, as get_course_outline answers it.',
      mimeType: 'application/json',
    },
    async (uri, variables) => {
      const id = Array.isArray(variables.id) ? variables.id[0] : variables.id;
      try {
        const outline = await getCourseOutline.run(call, { course_id: id ?? '' });
        return { contents: [{ uri: uri.href, mimeType: 'application/json', text: JSON.stringify(outline) }] };
      } catch (error) {
        if (error instanceof AppError && error.code === 'resource_not_found') throw new ResourceNotFoundError(uri.href, error.message);
        throw error;
      }
    },
  );
}
