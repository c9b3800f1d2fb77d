import { describe, expect, it } from 'vitest';
import { completeOlderObject } from '../../src/modules/events/older-events.js';

describe('completeOlderObject', () => {
  it('gives each resource the fields it gained since older events were stored', () => {
    const course: Record<string, unknown> = { id: 'crs_1', title: 'T' };
    completeOlderObject('course.updated', course);
    expect(course).toEqual({ id: 'crs_1', title: 'T', external_id: null });

    const student: Record<string, unknown> = { id: 'stu_1' };
    completeOlderObject('student.deleted', student);
    expect(student).toEqual({ id: 'stu_1', status: 'active' });

    const enrollment: Record<string, unknown> = { id: 'enr_1', status: 'completed' };
    completeOlderObject('student.completed_course', enrollment);
    expect(enrollment).toEqual({ id: 'enr_1', status: 'completed', score: null });

    const progress: Record<string, unknown> = { lesson_id: 'les_1', enrollment: { id: 'enr_1' } };
    completeOlderObject('student.completed_lesson', progress);
    expect(progress).toEqual({ lesson_id: 'les_1', enrollment: { id: 'enr_1', score: null } });

    const endpoint: Record<string, unknown> = { id: 'whe_1', enabled: false };
    completeOlderObject('webhook_endpoint.disabled', endpoint);
    expect(endpoint).toEqual({ id: 'whe_1', enabled: false, secret_hint: '', previous_secret_hint: null, previous_secret_expires_at: null });
  });

  it('leaves the fields an event has, and other resources, as they were', () => {
    const course: Record<string, unknown> = { id: 'crs_1', external_id: 'sis-1' };
    completeOlderObject('course.created', course);
    expect(course).toEqual({ id: 'crs_1', external_id: 'sis-1' });
    const enrollment: Record<string, unknown> = { id: 'enr_1', score: 80 };
    completeOlderObject('student.enrolled', enrollment);
    expect(enrollment.score).toBe(80);
    const attempt: Record<string, unknown> = { id: 'att_1' };
    completeOlderObject('quiz.submitted', attempt);
    expect(attempt).toEqual({ id: 'att_1' });
  });
});
