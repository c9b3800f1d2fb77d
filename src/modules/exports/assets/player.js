/*
 * Lectern lesson player: the script every page of a SCORM 1.2 or cmi5 package runs (the page
 * itself is static HTML written at export). It grades quizzes in the learner's browser exactly as
 * the API grades attempts (src/modules/quiz-attempts/grading.ts), and reports to the LMS through
 * the SCORM 1.2 run-time API or as a cmi5 AU (through @xapi/cmi5, shipped beside this file).
 * Opened without an LMS, the page is a preview that records nothing.
 *
 * Loaded without a document (as the tests do in Node), it only defines LecternPlayer.grade.
 */
/* global window, document, console, IntersectionObserver, fetch, crypto, Cmi5 */
(function (root) {
  'use strict';

  // ---------------------------------------------------------------- grading (as the API grades)

  /** Whether an answer is right: `answer` is an index, a list of indexes, a boolean or a string. */
  function isCorrect(question, answer) {
    switch (question.kind) {
      case 'single_choice':
      case 'true_false':
        return answer === question.answer;
      case 'multiple_choice': {
        const chosen = Array.from(new Set(answer)).sort((a, b) => a - b);
        const right = question.answer;
        return chosen.length === right.length && chosen.every((c, i) => c === right[i]);
      }
      case 'short_answer': {
        const normalized = String(answer).trim().toLowerCase();
        return question.answer.some((accepted) => accepted.trim().toLowerCase() === normalized);
      }
      default:
        return false;
    }
  }

  /**
   * Grades answers given by question position (undefined: unanswered, which is wrong). The score is
   * the percentage of questions right, rounded; passing needs `passing_score`.
   */
  function grade(quiz, answers) {
    const correct = quiz.questions.map((q, i) => answers[i] !== undefined && answers[i] !== null && isCorrect(q, answers[i]));
    const right = correct.filter(Boolean).length;
    const score = quiz.questions.length === 0 ? 0 : Math.round((100 * right) / quiz.questions.length);
    return { score, passed: score >= quiz.passing_score, correct };
  }

  root.LecternPlayer = { grade };
  if (typeof document === 'undefined') return;

  // ---------------------------------------------------------------- the page

  const page = {
    status: document.getElementById('lectern-status'),
    result: document.getElementById('lectern-result'),
    form: document.getElementById('lectern-quiz'),
    end: document.getElementById('lectern-end'),
    exit: document.getElementById('lectern-exit'),
  };
  const lesson = JSON.parse(document.getElementById('lectern-lesson').textContent);

  function say(text) {
    page.status.textContent = text;
  }

  /** Logs an LMS error for whoever supports the course, and tells the learner plainly. */
  function report(what, detail) {
    console.warn(`Lectern player: ${what}`, detail);
    say(`${what}: your progress may not be recorded.`);
  }

  // ---------------------------------------------------------------- SCORM 1.2 run-time

  /** The LMS's API object the standard way: window.parent up to 7 levels, then window.opener's. */
  function findScormApi() {
    function search(win) {
      for (let level = 0; win && level <= 7; level++) {
        try {
          if (win.API) return win.API;
        } catch {
          // A frame of another origin: not the LMS's.
        }
        if (win.parent === win) break;
        win = win.parent;
      }
      return null;
    }
    return search(window) || (window.opener ? search(window.opener) : null);
  }

  /** SCORM 1.2's CMITimespan, HHHH:MM:SS.SS. */
  function scormTime(ms) {
    const cs = Math.min(Math.round(ms / 10), 9999 * 360000 + 359999);
    const pad = (n, width) => String(n).padStart(width, '0');
    return `${pad(Math.floor(cs / 360000), 4)}:${pad(Math.floor(cs / 6000) % 60, 2)}:${pad(Math.floor(cs / 100) % 60, 2)}.${pad(cs % 100, 2)}`;
  }

  /** cmi.suspend_data holds at most 4,096 characters in SCORM 1.2. */
  const SUSPEND_LIMIT = 4096;

  function scormRuntime(api) {
    const started = Date.now();
    // Finished, or never started (the LMS refused LMSInitialize): no further call.
    let finished = false;
    let inProgress = false;

    /** One API call, its error checked (LMSGetLastError) and reported. */
    function call(name, ...args) {
      const value = api[name](...args);
      const code = String(api.LMSGetLastError());
      if (code !== '0') report(`The LMS refused ${name}(${args.join(', ')})`, `${code} ${api.LMSGetErrorString(code)} ${api.LMSGetDiagnostic(code)}`);
      return value;
    }
    const get = (element) => String(call('LMSGetValue', element));
    const set = (element, value) => call('LMSSetValue', element, String(value));
    const commit = () => call('LMSCommit', '');

    return {
      async start() {
        if (String(call('LMSInitialize', '')) !== 'true') {
          finished = true;
          return { recording: false, mastery: null, resume: null };
        }
        const status = get('cmi.core.lesson_status');
        if (status === 'not attempted' || status === '') set('cmi.core.lesson_status', 'incomplete');
        const mastery = Number.parseFloat(get('cmi.student_data.mastery_score'));
        let resume = null;
        const suspended = get('cmi.suspend_data');
        if (suspended !== '') {
          try {
            resume = JSON.parse(suspended);
          } catch {
            resume = null;
          }
        }
        return { recording: true, mastery: Number.isFinite(mastery) ? mastery : null, resume };
      },
      contentSeen() {
        if (finished) return;
        const status = get('cmi.core.lesson_status');
        if (status !== 'completed' && status !== 'passed') {
          set('cmi.core.lesson_status', 'completed');
          commit();
        }
      },
      progress(state) {
        const data = JSON.stringify(state);
        if (finished || data.length > SUSPEND_LIMIT) return;
        inProgress = true;
        set('cmi.suspend_data', data);
        set('cmi.core.exit', 'suspend');
        commit();
      },
      result(score, passed) {
        if (finished) return;
        inProgress = false;
        set('cmi.core.score.min', 0);
        set('cmi.core.score.max', 100);
        set('cmi.core.score.raw', score);
        set('cmi.core.lesson_status', passed ? 'passed' : 'failed');
        set('cmi.suspend_data', '');
        set('cmi.core.exit', '');
        commit();
      },
      /** Session time, exit, LMSCommit and LMSFinish: once, from Exit or pagehide. */
      async finish() {
        if (finished) return;
        finished = true;
        set('cmi.core.session_time', scormTime(Date.now() - started));
        set('cmi.core.exit', inProgress ? 'suspend' : '');
        commit();
        call('LMSFinish', '');
      },
      leave() {
        void this.finish();
      },
    };
  }

  // ---------------------------------------------------------------- cmi5 AU

  const CMI5_CATEGORY = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';

  /** An ISO 8601 duration, as xAPI's result.duration takes it. */
  function isoDuration(ms) {
    return `PT${(Math.max(ms, 0) / 1000).toFixed(2)}S`;
  }

  function cmi5Runtime() {
    const cmi5 = new Cmi5();
    let normal = false;
    let live = false;
    let judged = false;
    let completed = false;
    // Statements go one after another, so they reach the LRS in the order they were made.
    let queue = Promise.resolve();
    const send = (make) => {
      queue = queue.then(make).catch((err) => report('The LMS refused a statement', err));
      return queue;
    };

    /**
     * `terminated` sent with fetch keepalive, which outlives the page: on pagehide the library's
     * own request (XMLHttpRequest) would be cancelled with the page. Built as the library builds it.
     */
    function terminatedOnLeave() {
      const params = cmi5.getLaunchParameters();
      const template = cmi5.getLaunchData().contextTemplate || {};
      const activities = template.contextActivities || {};
      const statement = {
        actor: params.actor,
        verb: { id: 'http://adlnet.gov/expapi/verbs/terminated', display: { 'en-US': 'terminated' } },
        object: { objectType: 'Activity', id: params.activityId },
        result: { duration: isoDuration(Date.now() - cmi5.getInitializedDate().getTime()) },
        context: {
          ...template,
          registration: params.registration,
          contextActivities: { ...activities, category: [...(activities.category || []), { id: CMI5_CATEGORY }] },
        },
        timestamp: new Date().toISOString(),
      };
      if (typeof crypto !== 'undefined' && crypto.randomUUID) statement.id = crypto.randomUUID();
      const endpoint = params.endpoint.endsWith('/') ? params.endpoint : `${params.endpoint}/`;
      return fetch(`${endpoint}statements`, {
        method: 'POST',
        keepalive: true,
        headers: { Authorization: `Basic ${cmi5.getAuthToken()}`, 'Content-Type': 'application/json', 'X-Experience-API-Version': '1.0.3' },
        body: JSON.stringify(statement),
      });
    }

    return {
      async start() {
        await cmi5.initialize();
        live = true;
        const data = cmi5.getLaunchData();
        normal = data.launchMode === 'Normal';
        if (!normal) say(`${data.launchMode} mode: your result is not recorded.`);
        return { recording: normal, mastery: typeof data.masteryScore === 'number' ? data.masteryScore * 100 : null, resume: null, scaledMastery: data.masteryScore };
      },
      contentSeen() {
        if (!normal || completed) return;
        completed = true;
        send(() => cmi5.complete());
      },
      progress() {},
      result(score, passed) {
        // cmi5: one passed or failed per session; a retake shows its result and records nothing.
        if (!normal || judged) return;
        judged = true;
        const result = { scaled: score / 100, raw: score, min: 0, max: 100 };
        send(() => (passed ? cmi5.pass(result) : cmi5.fail(result)));
      },
      async finish() {
        if (!live) return;
        live = false;
        await send(() => cmi5.terminate());
        const returnUrl = cmi5.getLaunchData().returnURL;
        if (returnUrl) window.location.assign(returnUrl);
      },
      leave() {
        if (!live) return;
        live = false;
        void terminatedOnLeave().catch(() => undefined);
      },
    };
  }

  // ---------------------------------------------------------------- preview (no LMS)

  function previewRuntime() {
    return {
      async start() {
        say('Preview: no LMS found, so your progress is not recorded.');
        return { recording: false, mastery: null, resume: null };
      },
      contentSeen() {},
      progress() {},
      result() {},
      async finish() {},
      leave() {},
    };
  }

  function chooseRuntime() {
    if (document.body.dataset.runtime === 'cmi5') {
      const launched = typeof Cmi5 !== 'undefined' && Cmi5.isCmiAvailable;
      return launched ? cmi5Runtime() : previewRuntime();
    }
    const api = findScormApi();
    return api ? scormRuntime(api) : previewRuntime();
  }

  // ---------------------------------------------------------------- quiz

  /** The answers on the form, by question position (undefined: unanswered). */
  function readAnswers(quiz) {
    return quiz.questions.map((question, i) => {
      const inputs = Array.from(page.form.querySelectorAll(`[name="q${i}"]`));
      switch (question.kind) {
        case 'multiple_choice': {
          const chosen = inputs.filter((input) => input.checked).map((input) => Number(input.value));
          return chosen.length === 0 ? undefined : chosen;
        }
        case 'short_answer':
          return inputs[0].value === '' ? undefined : inputs[0].value;
        default: {
          const picked = inputs.find((input) => input.checked);
          if (!picked) return undefined;
          return question.kind === 'true_false' ? picked.value === 'true' : Number(picked.value);
        }
      }
    });
  }

  function restoreAnswers(quiz, answers) {
    quiz.questions.forEach((question, i) => {
      const answer = answers[i];
      if (answer === undefined || answer === null) return;
      for (const input of page.form.querySelectorAll(`[name="q${i}"]`)) {
        if (question.kind === 'short_answer') input.value = String(answer);
        else if (question.kind === 'multiple_choice') input.checked = Array.isArray(answer) && answer.includes(Number(input.value));
        else input.checked = input.value === String(answer);
      }
    });
  }

  function setUpQuiz(runtime, quiz, session) {
    const pass = session.scaledMastery !== undefined && session.scaledMastery !== null
      ? (score) => score / 100 >= session.scaledMastery
      : (score) => score >= (session.mastery ?? quiz.passing_score);
    const passMark = session.mastery ?? quiz.passing_score;
    if (session.resume && session.resume.v === 1 && Array.isArray(session.resume.answers)) {
      restoreAnswers(quiz, session.resume.answers);
      say('Welcome back: your answers so far are restored.');
    }
    page.form.addEventListener('change', () => runtime.progress({ v: 1, answers: readAnswers(quiz) }));
    page.form.addEventListener('submit', (event) => {
      event.preventDefault();
      const graded = grade(quiz, readAnswers(quiz));
      const passed = pass(graded.score);
      graded.correct.forEach((right, i) => {
        const feedback = document.getElementById(`q${i}-feedback`);
        feedback.textContent = right ? 'Correct' : 'Incorrect';
        feedback.className = `feedback ${right ? 'right' : 'wrong'}`;
      });
      page.result.textContent = `Your score: ${graded.score}% (pass mark ${Math.round(passMark * 100) / 100}%): ${passed ? 'passed' : 'not passed yet'}.`;
      page.result.className = `result ${passed ? 'passed' : 'failed'}`;
      page.result.hidden = false;
      page.result.focus();
      runtime.result(graded.score, passed);
    });
  }

  // ---------------------------------------------------------------- start

  function whenSeenToTheEnd(callback) {
    if (typeof IntersectionObserver === 'undefined') return callback();
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe(page.end);
  }

  const runtime = chooseRuntime();
  page.exit.addEventListener('click', () => {
    page.exit.disabled = true;
    runtime.finish().then(() => say('Your progress is saved. You can close this lesson.'));
  });
  window.addEventListener('pagehide', () => runtime.leave());
  runtime
    .start()
    .then((session) => {
      if (lesson.quiz) setUpQuiz(runtime, lesson.quiz, session);
      else whenSeenToTheEnd(() => runtime.contentSeen());
      document.body.dataset.ready = 'true';
    })
    .catch((err) => {
      // The lesson still works, as a preview.
      report('Could not start the lesson with the LMS', err);
      if (lesson.quiz) setUpQuiz(previewRuntime(), lesson.quiz, { recording: false, mastery: null, resume: null });
      document.body.dataset.ready = 'true';
    });
})(globalThis);
