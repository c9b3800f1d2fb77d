import { useEffect, useState } from 'preact/hooks';
import { api, type Environment, type Page } from '../api.js';
import { describeError, Notice, TableRegion, useLatest, when } from '../components.js';

/** A course as the list shows it (the fields of GET /api/v1/courses this page uses). */
interface Course {
  id: string;
  title: string;
  published: boolean;
  updated_at: string;
}

/** A preview session of the live player: its URL carries the session in its fragment. */
interface Preview {
  url: string;
  expires_at: string;
}

/**
 * The environment's courses, each with a Preview: the live learner player (/play/) opened in a new
 * tab on a preview session, which shows the course as a learner sees it and records nothing.
 */
export function CoursesPage({ environment }: { environment: Environment }) {
  const base = `/environments/${environment}`;
  const [courses, setCourses] = useState<Course[]>([]);
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [opened, setOpened] = useState<{ title: string; preview: Preview } | null>(null);

  const latest = useLatest();
  useEffect(() => {
    latest(api<Page<Course>>('GET', `${base}/courses?per_page=100`), (r) => {
      setCourses(r.data);
      setLoaded(true);
    }).catch((err: unknown) => setError(describeError(err)));
  }, [environment]);

  const preview = async (course: Course) => {
    setError(null);
    try {
      const { data } = await api<{ data: Preview }>('POST', `${base}/courses/${course.id}/preview`);
      // A tab of its own, with no way back to this one (noopener); the link below if it was blocked.
      window.open(data.url, '_blank', 'noopener');
      setOpened({ title: course.title, preview: data });
    } catch (err) {
      setError(describeError(err));
    }
  };

  return (
    <section aria-labelledby="courses-title">
      <h1 id="courses-title">Courses</h1>
      <p>The courses of this environment. Preview opens a course in the learner's player, in a new tab: nothing you do there is recorded.</p>
      {error && <Notice error>{error}</Notice>}
      {opened && (
        <Notice>
          Preview of {opened.title} opened in a new tab (until {when(opened.preview.expires_at)}). If it did not open,{' '}
          <a href={opened.preview.url} target="_blank" rel="noopener noreferrer">
            open the preview
          </a>
          .
        </Notice>
      )}
      <TableRegion label="Courses">
        <table>
          <caption>Courses of this environment</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Id</th>
              <th scope="col">State</th>
              <th scope="col">Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {courses.map((course) => (
              <tr key={course.id} data-course-id={course.id}>
                <th scope="row" data-label="Title">
                  {course.title}
                </th>
                <td data-label="Id">
                  <code>{course.id}</code>
                </td>
                <td data-label="State">{course.published ? 'published' : 'draft'}</td>
                <td class="time" data-label="Updated">
                  {when(course.updated_at)}
                </td>
                <td class="row-actions" data-label="Actions">
                  <button type="button" onClick={() => void preview(course)} aria-label={`Preview ${course.title}`}>
                    Preview
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableRegion>
      {loaded && courses.length === 0 && <p>No courses in this environment yet: create them through the API.</p>}
    </section>
  );
}
