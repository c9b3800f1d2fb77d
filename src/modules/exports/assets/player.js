/*
 * Lectern lesson player: the script every page of a SCORM 1.2 or cmi5 package runs (the page
 * itself is static HTML written at export). It grades quizzes in the learner's browser exactly as
 * the API grades attempts (src/modules/quiz-attempts/grading.ts), and reports to the LMS through
 * the SCORM 1.2 run-time API or as a cmi5 AU (through @xapi/cmi5, shipped beside this file).
 * Opened without an LMS, the page is a preview that records nothing.
 *
 * The live player (`/play/`, data-runtime="live") runs the same lesson UI over a third transport:
 * it reads its session token from the URL's fragment, fetches the course and each lesson's markup
 * from Lectern's `/play/api`, and has quizzes graded and progress recorded there (the page never
 * holds a quiz's answers).
 *
 * Loaded without a document (as the tests do in Node), it only defines LecternPlayer.grade.
 */
/* global window, document, console, IntersectionObserver, fetch, crypto, Cmi5, sessionStorage, history, location */
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

  /** The lesson's elements: the page's own in a package; the live player binds them again for each lesson it shows. */
  let page;
  function bindPage() {
    page = {
      status: document.getElementById('lectern-status'),
      result: document.getElementById('lectern-result'),
      form: document.getElementById('lectern-quiz'),
      end: document.getElementById('lectern-end'),
      exit: document.getElementById('lectern-exit'),
    };
  }
  bindPage();

  function say(text) {
    if (page.status) page.status.textContent = text;
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
    const { form, result } = page;
    function show(graded, passed) {
      graded.correct.forEach((right, i) => {
        const feedback = document.getElementById(`q${i}-feedback`);
        feedback.textContent = right ? 'Correct' : 'Incorrect';
        feedback.className = `feedback ${right ? 'right' : 'wrong'}`;
      });
      result.textContent = `Your score: ${graded.score}% (pass mark ${Math.round(passMark * 100) / 100}%): ${passed ? 'passed' : 'not passed yet'}.`;
      result.className = `result ${passed ? 'passed' : 'failed'}`;
      result.hidden = false;
      result.focus();
    }
    form.addEventListener('change', () => runtime.progress({ v: 1, answers: readAnswers(quiz) }));
    form.addEventListener('submit', (event) => {
      event.preventDefault();
      const answers = readAnswers(quiz);
      if (runtime.grade) {
        // Graded where the answers are (the live player's server), not here.
        const button = form.querySelector('button[type="submit"]');
        button.disabled = true;
        runtime
          .grade(quiz, answers)
          .then((graded) => show(graded, graded.passed))
          .catch((err) => report('Your answers could not be sent', err))
          .finally(() => {
            button.disabled = false;
          });
        return;
      }
      const graded = grade(quiz, answers);
      const passed = pass(graded.score);
      show(graded, passed);
      runtime.result(graded.score, passed);
    });
  }

  // ---------------------------------------------------------------- start

  /** Calls back once the end of the lesson has been on screen; answers a function that stops watching. */
  function whenSeenToTheEnd(callback) {
    if (typeof IntersectionObserver === 'undefined') {
      callback();
      return () => undefined;
    }
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        observer.disconnect();
        callback();
      }
    });
    observer.observe(page.end);
    return () => observer.disconnect();
  }

  /** A page of a package: one lesson, its JSON in the page, reported to the LMS (or a preview). */
  function packageMain() {
    const lesson = JSON.parse(document.getElementById('lectern-lesson').textContent);
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
  }

  // ---------------------------------------------------------------- live (Lectern's /play/)

  /**
   * The live player's transport for one lesson: progress and quiz attempts go to `/play/api`,
   * which records them for the session's student (or, in a preview, grades and records nothing).
   * `recorded` hears each answer, to update the lesson list and the course's progress.
   */
  function liveRuntime(call, lessonId, recorded) {
    const opened = Date.now();
    let completed = false;
    return {
      async start() {
        recorded(await call('progress', { lesson_id: lessonId, status: 'started' }));
        return { recording: true, mastery: null, resume: null };
      },
      contentSeen() {
        if (completed) return;
        completed = true;
        const seconds = Math.min(86400, Math.round((Date.now() - opened) / 1000));
        call('progress', { lesson_id: lessonId, status: 'completed', time_spent_seconds: seconds }).then(recorded, (err) => report('Your progress could not be sent', err));
      },
      /** Graded on the server; answers as `grade` does, plus `passed`. */
      async grade(quiz, answers) {
        const given = [];
        quiz.questions.forEach((question, i) => {
          if (answers[i] !== undefined) given.push({ question_id: question.id, answer: answers[i] });
        });
        const attempt = await call('quiz-attempts', { lesson_id: lessonId, answers: given });
        recorded({ lesson_id: lessonId, status: attempt.passed ? 'completed' : 'started', progress_percent: attempt.progress_percent });
        const right = new Map(attempt.per_question.map((q) => [q.question_id, q.correct]));
        return { score: attempt.score, passed: attempt.passed, correct: quiz.questions.map((q) => right.get(q.id) === true) };
      },
      progress() {},
      result() {},
      async finish() {},
      leave() {},
    };
  }

  const TOKEN_KEY = 'lectern-player-session';

  /** The session token: from the fragment (then taken out of the address bar), else this tab's earlier one. */
  function liveToken() {
    let token = location.hash.replace(/^#/, '');
    try {
      if (token) sessionStorage.setItem(TOKEN_KEY, token);
      else token = sessionStorage.getItem(TOKEN_KEY) || '';
    } catch {
      // Storage refused (a sandboxed frame): the token in memory is enough for this visit.
    }
    if (location.hash) history.replaceState(null, '', location.pathname + location.search);
    return token;
  }

  /** Lectern's own player page (/play/): the course's lessons, one at a time, over the live transport. */
  function liveMain() {
    const shell = {
      title: document.getElementById('lectern-course-title'),
      mode: document.getElementById('lectern-mode'),
      nav: document.getElementById('lectern-nav'),
      view: document.getElementById('lectern-view'),
      pager: document.getElementById('lectern-pager'),
      previous: document.getElementById('lectern-previous'),
      next: document.getElementById('lectern-next'),
    };
    const token = liveToken();
    let ended = false;

    /** One call of /play/api with the session as a bearer token (never a cookie); its `data`, or an error. */
    async function call(path, body) {
      const response = await fetch(`api/${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        cache: 'no-store',
        credentials: 'omit',
      });
      const json = await response.json().catch(() => null);
      if (response.status === 401 && !ended) {
        ended = true;
        shell.mode.textContent = 'Your session has ended: open the course again from where you started it.';
      }
      if (!response.ok) throw new Error((json && json.error && json.error.message) || `HTTP ${response.status}`);
      return json.data;
    }

    const lessons = [];
    const buttons = new Map();
    let mode = 'learner';
    let current = -1;
    let stopWatching = () => undefined;

    function showProgress(percent) {
      if (mode === 'preview') shell.mode.textContent = 'Preview: nothing is recorded.';
      else if (typeof percent === 'number' && !ended) shell.mode.textContent = `Course progress: ${percent}%`;
    }

    function markLesson(id, status) {
      const button = buttons.get(id);
      if (!button || mode === 'preview') return;
      if (status === 'completed') button.dataset.status = 'completed';
      else if (button.dataset.status !== 'completed') button.dataset.status = status;
      const mark = button.querySelector('.mark');
      mark.textContent = button.dataset.status === 'completed' ? ' (completed)' : '';
    }

    function recorded(answer) {
      if (!answer) return;
      markLesson(answer.lesson_id, answer.status);
      showProgress(answer.progress_percent);
    }

    function buildNav(course) {
      shell.nav.replaceChildren();
      for (const module of course.modules) {
        if (module.lessons.length === 0) continue;
        const heading = document.createElement('h2');
        heading.textContent = module.title;
        const list = document.createElement('ol');
        for (const lesson of module.lessons) {
          const index = lessons.length;
          lessons.push(lesson);
          const item = document.createElement('li');
          const button = document.createElement('button');
          button.type = 'button';
          button.className = 'lesson-link';
          button.dataset.status = lesson.status;
          button.append(lesson.title);
          const mark = document.createElement('span');
          mark.className = 'mark';
          mark.textContent = lesson.status === 'completed' && mode !== 'preview' ? ' (completed)' : '';
          button.append(mark);
          button.addEventListener('click', () => openLesson(index));
          buttons.set(lesson.id, button);
          item.append(button);
          list.append(item);
        }
        shell.nav.append(heading, list);
      }
      shell.nav.hidden = lessons.length === 0;
    }

    async function openLesson(index) {
      stopWatching();
      current = index;
      const summary = lessons[index];
      for (const [id, button] of buttons) {
        if (id === summary.id) button.setAttribute('aria-current', 'step');
        else button.removeAttribute('aria-current');
      }
      shell.previous.disabled = index === 0;
      shell.next.disabled = index === lessons.length - 1;
      document.body.dataset.ready = 'false';
      const lesson = await call(`lessons/${encodeURIComponent(summary.id)}`);
      if (current !== index) return; // another lesson was asked for meanwhile
      // Lectern's own rendering (the packages' lessonBody): escaped text and safe Markdown, no script.
      shell.view.innerHTML = lesson.html;
      for (const link of shell.view.querySelectorAll('.content a[href^="http"]')) {
        link.target = '_blank';
        link.rel = 'noopener noreferrer';
      }
      document.title = `${lesson.title} – ${shell.title.textContent}`;
      document.body.dataset.type = lesson.type;
      bindPage();
      const runtime = liveRuntime(call, lesson.id, recorded);
      try {
        const session = await runtime.start();
        if (current !== index) return;
        if (lesson.quiz) setUpQuiz(runtime, lesson.quiz, session);
        else stopWatching = whenSeenToTheEnd(() => current === index && runtime.contentSeen());
      } catch (err) {
        report('Could not open the lesson', err);
      }
      const heading = shell.view.querySelector('h1');
      if (heading) {
        heading.tabIndex = -1;
        heading.focus();
      }
      document.body.dataset.ready = 'true';
    }

    shell.previous.addEventListener('click', () => current > 0 && openLesson(current - 1));
    shell.next.addEventListener('click', () => current < lessons.length - 1 && openLesson(current + 1));

    if (!token) {
      say('Open this player from your course: a link from your LMS or the console\'s Preview.');
      document.body.dataset.ready = 'true';
      return;
    }
    call('course')
      .then((outline) => {
        mode = outline.mode;
        shell.title.textContent = outline.course.title;
        document.title = outline.course.title;
        showProgress(outline.progress_percent);
        buildNav(outline.course);
        if (lessons.length === 0) {
          // Nothing to launch: the description, as a package shows it.
          shell.view.innerHTML = outline.course.description_html;
          const heading = document.createElement('h1');
          heading.textContent = outline.course.title;
          shell.view.prepend(heading);
          document.body.dataset.ready = 'true';
          return undefined;
        }
        shell.pager.hidden = false;
        const next = lessons.findIndex((lesson) => lesson.status !== 'completed');
        return openLesson(mode === 'learner' && next >= 0 ? next : 0);
      })
      .catch((err) => {
        report('Could not open the course', err);
        document.body.dataset.ready = 'true';
      });
  }

  if (document.body.dataset.runtime === 'live') liveMain();
  else packageMain();
})(globalThis);
