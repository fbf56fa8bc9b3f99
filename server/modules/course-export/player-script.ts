/**
 * The launch page's script and style (decision 077): plain JavaScript (ES5 plus what every current browser has), no
 * framework, no network — it runs from the unzipped package inside an LMS's frame. It reads the course from the
 * JSON block in index.html, talks to the LMS's SCORM API (1.2 `API`, 2004 `API_1484_11`) when there is one, and
 * runs on without one (Common Cartridge, or a page opened on its own).
 *
 * Written as a string, not a file, so the compiled server carries it (esbuild bundles no text files here). No
 * backtick and no dollar-brace in it.
 */
export const PLAYER_JS = String.raw`(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('gurukul-course').textContent);
  var S = data.strings;
  var WATCHED_SHARE = 0.9;
  var v2004 = data.format === 'scorm2004';

  function say(key, values) {
    var text = S[key] || key;
    if (values) for (var name in values) text = text.split('{' + name + '}').join(String(values[name]));
    return text;
  }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    if (attrs) for (var name in attrs) {
      if (name === 'text') node.textContent = attrs[name];
      else if (name === 'className') node.className = attrs[name];
      else node.setAttribute(name, attrs[name]);
    }
    (children || []).forEach(function (child) { if (child) node.appendChild(child); });
    return node;
  }
  function normalizeShortAnswer(text) {
    return String(text || '').normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();
  }
  var round2 = function (n) { return Math.round(n * 100) / 100; };

  // ---- the LMS ---------------------------------------------------------------------------------------------
  function findIn(win, name) {
    var tries = 0;
    try {
      while (win && !win[name] && win.parent && win.parent !== win && tries < 50) { win = win.parent; tries += 1; }
      return win && win[name] ? win[name] : null;
    } catch (e) { return null; }
  }
  function findApi() {
    var name = v2004 ? 'API_1484_11' : 'API';
    if (data.format === 'cc13') return null;
    var api = findIn(window, name);
    if (!api && window.opener) api = findIn(window.opener, name);
    return api;
  }
  var api = findApi();
  var lms = {
    ok: false,
    init: function () {
      if (!api) return;
      this.ok = String(v2004 ? api.Initialize('') : api.LMSInitialize('')) === 'true';
    },
    get: function (key) {
      if (!this.ok) return '';
      return String((v2004 ? api.GetValue(key) : api.LMSGetValue(key)) || '');
    },
    set: function (key, value) {
      if (!this.ok) return;
      if (v2004) api.SetValue(key, String(value)); else api.LMSSetValue(key, String(value));
    },
    commit: function () { if (this.ok) { if (v2004) api.Commit(''); else api.LMSCommit(''); } },
    finish: function () {
      if (!this.ok) return;
      this.ok = false;
      if (v2004) api.Terminate(''); else api.LMSFinish('');
    },
  };
  lms.init();

  // ---- state: which lessons are watched, quiz results; kept in suspend_data --------------------------------
  var state = { w: [], r: {} };
  try {
    var kept = lms.get('cmi.suspend_data');
    if (kept) {
      var parsed = JSON.parse(kept);
      state.w = parsed.w || [];
      state.r = parsed.r || {};
    }
  } catch (e) { /* a foreign or damaged suspend_data starts afresh */ }
  var current = Number(lms.get(v2004 ? 'cmi.location' : 'cmi.core.lesson_location')) || 0;
  if (!(current >= 0 && current < data.lessons.length)) current = 0;

  var quizzes = data.quizzes;
  function submittedAll() {
    return quizzes.every(function (quiz, index) { return Boolean(state.r[index]); });
  }
  function watchedCount() {
    return data.lessons.filter(function (lesson, index) { return state.w[index] === 1; }).length;
  }
  /** All quizzes together: marks scored (never below zero) out of the marks the page can grade. */
  function overall() {
    var score = 0;
    var max = 0;
    quizzes.forEach(function (quiz, index) {
      var result = state.r[index];
      if (result) { score += result.s; max += result.m; }
    });
    return { score: round2(Math.max(0, score)), max: round2(max) };
  }

  function report() {
    var lessonsDone = watchedCount() === data.lessons.length;
    var quizDone = submittedAll();
    var total = overall();
    var hasScore = quizzes.length > 0 && quizDone;
    var percent = total.max > 0 ? round2((total.score / total.max) * 100) : 100;
    var passed = percent >= data.passPercent;
    var steps = data.lessons.length + quizzes.length;
    var done = watchedCount() + quizzes.filter(function (q, i) { return Boolean(state.r[i]); }).length;
    lms.set(v2004 ? 'cmi.location' : 'cmi.core.lesson_location', String(current));
    lms.set('cmi.suspend_data', JSON.stringify(state));
    if (v2004) {
      lms.set('cmi.progress_measure', steps ? round2(done / steps) : 1);
      lms.set('cmi.completion_status', lessonsDone && quizDone ? 'completed' : 'incomplete');
      if (hasScore) {
        lms.set('cmi.score.min', 0);
        lms.set('cmi.score.max', total.max);
        lms.set('cmi.score.raw', total.score);
        lms.set('cmi.score.scaled', total.max > 0 ? round2(total.score / total.max) : 1);
        lms.set('cmi.success_status', passed ? 'passed' : 'failed');
      }
    } else {
      if (hasScore) {
        // As a percentage, out of 100: SCORM 1.2 keeps raw within 0-100, and LMSs (Moodle's "maximum grade" 100)
        // read raw against 100, so 5 of 6 marks sent as 5 would show as 5/100.
        lms.set('cmi.core.score.min', 0);
        lms.set('cmi.core.score.max', 100);
        lms.set('cmi.core.score.raw', percent);
      }
      var status = 'incomplete';
      if (lessonsDone && quizDone) status = quizzes.length === 0 ? 'completed' : passed ? 'passed' : 'failed';
      lms.set('cmi.core.lesson_status', status);
    }
    lms.commit();
    renderProgress();
  }

  // ---- page ------------------------------------------------------------------------------------------------
  document.documentElement.lang = data.lang;
  document.title = data.title;
  var root = document.getElementById('app');
  root.appendChild(el('h1', { text: data.title }));
  if (data.description) root.appendChild(el('p', { className: 'description', text: data.description }));
  if (!lms.ok && data.format !== 'cc13') root.appendChild(el('p', { className: 'notice', role: 'status', text: say('noLms') }));

  var progressLine = el('p', { className: 'progress', 'aria-live': 'polite' });
  var lessonList = el('ol', { className: 'lessons' });
  var stage = el('div', { className: 'stage' });
  root.appendChild(el('section', { 'aria-labelledby': 'lessons-title' }, [
    el('h2', { id: 'lessons-title', text: say('lessons') }), progressLine, lessonList, stage,
  ]));

  function renderProgress() {
    progressLine.textContent = say('progress', { done: watchedCount(), total: data.lessons.length });
    Array.prototype.forEach.call(lessonList.children, function (item, index) {
      var badge = item.querySelector('.badge');
      badge.textContent = state.w[index] === 1 ? say('watched') : say('notWatched');
      badge.className = 'badge ' + (state.w[index] === 1 ? 'done' : '');
      item.querySelector('button').setAttribute('aria-current', index === current ? 'true' : 'false');
    });
  }

  function markWatched(index) {
    if (state.w[index] === 1) return;
    while (state.w.length < data.lessons.length) state.w.push(0);
    state.w[index] = 1;
    report();
  }

  function showLesson(index) {
    current = index;
    var lesson = data.lessons[index];
    stage.textContent = '';
    var video = el('video', {
      controls: '', preload: 'metadata', playsinline: '', src: lesson.video, 'data-lesson': String(index),
    });
    if (lesson.poster) video.setAttribute('poster', lesson.poster);
    if (lesson.captions) {
      video.appendChild(el('track', {
        kind: 'captions', src: lesson.captions, srclang: data.lang, label: data.languageName || data.lang, default: '',
      }));
    }
    // Whole seconds played, so skipping ahead does not count as watching.
    var seen = {};
    var last = 0;
    function countSeen() {
      var t = video.currentTime;
      if (!video.seeking && t >= last && t - last < 2) {
        for (var s = Math.floor(last); s < Math.ceil(t); s += 1) seen[s] = true;
      }
      last = t;
      var duration = video.duration || lesson.duration || 0;
      if (duration > 0 && Object.keys(seen).length >= Math.floor(duration * WATCHED_SHARE)) markWatched(index);
    }
    video.addEventListener('timeupdate', countSeen);
    video.addEventListener('seeked', function () { last = video.currentTime; });
    // The end counts only what was played: a lesson dragged to its last second is not watched.
    video.addEventListener('ended', countSeen);
    stage.appendChild(el('h3', { text: lesson.title }));
    stage.appendChild(video);
    report();
  }

  data.lessons.forEach(function (lesson, index) {
    var button = el('button', { type: 'button', className: 'lesson' }, [
      el('span', { text: say('lesson', { n: index + 1 }) + ': ' + lesson.title }),
    ]);
    button.addEventListener('click', function () { showLesson(index); });
    lessonList.appendChild(el('li', null, [button, el('span', { className: 'badge' })]));
  });

  // ---- quizzes ---------------------------------------------------------------------------------------------
  function gradable(question) { return question.type !== 'long' && question.type !== 'file'; }
  function answerOf(form, question, qIndex) {
    var name = 'q' + qIndex;
    if (question.type === 'short') return { text: form.querySelector('[name="' + name + '"]').value };
    var chosen = Array.prototype.filter.call(form.querySelectorAll('[name="' + name + '"]'), function (input) {
      return input.checked;
    }).map(function (input) { return input.value; });
    return { optionIds: chosen };
  }
  function isRight(question, answer) {
    if (question.type === 'short') {
      var given = normalizeShortAnswer(answer.text);
      return given !== '' && question.accepted.some(function (a) { return normalizeShortAnswer(a) === given; });
    }
    var chosen = answer.optionIds || [];
    return chosen.length === question.correct.length &&
      chosen.every(function (id) { return question.correct.indexOf(id) >= 0; });
  }
  function answered(question, answer) {
    return question.type === 'short' ? normalizeShortAnswer(answer.text) !== '' : (answer.optionIds || []).length > 0;
  }

  quizzes.forEach(function (quiz, quizIndex) {
    var form = el('form', { className: 'quiz', 'data-quiz': String(quizIndex), novalidate: '' });
    var section = el('section', { 'aria-labelledby': 'quiz-title-' + quizIndex }, [
      el('h2', { id: 'quiz-title-' + quizIndex, text: say('quiz') + ': ' + quiz.title }),
      quiz.instructions ? el('p', { className: 'instructions', text: quiz.instructions }) : null,
      el('p', { text: say('passMark', { pass: quiz.passPercent }) }),
      // The author's instructions may promise a timer or attempts; a package has neither, and says so.
      el('p', { className: 'package-rules', text: say('packageRules') }),
      form,
    ]);
    quiz.questions.forEach(function (question, qIndex) {
      var name = 'q' + qIndex;
      var fieldset = el('fieldset', { className: 'question', 'data-type': question.type });
      fieldset.appendChild(el('legend', null, [
        el('span', { className: 'prompt', text: (qIndex + 1) + '. ' + question.prompt }),
        el('span', { className: 'marks', text: ' (' + say('marks', { marks: question.marks }) + ')' }),
      ]));
      question.images.forEach(function (image) {
        fieldset.appendChild(el('img', { src: image.src, alt: image.alt || '' }));
      });
      if (question.type === 'short') {
        fieldset.appendChild(el('label', null, [
          el('span', { text: say('answer') }), el('input', { type: 'text', name: name, autocomplete: 'off' }),
        ]));
      } else if (question.type === 'long') {
        fieldset.appendChild(el('label', null, [el('span', { text: say('answer') }), el('textarea', { name: name, rows: '4' })]));
        fieldset.appendChild(el('p', { className: 'note', text: say('notGraded') }));
      } else if (question.type === 'file') {
        fieldset.appendChild(el('p', { className: 'note', text: say('fileNotHere') }));
      } else {
        question.options.forEach(function (option) {
          var text = question.type === 'true_false' ? say(option.id === 'true' ? 'true' : 'false') : option.text;
          fieldset.appendChild(el('label', { className: 'option' }, [
            el('input', { type: question.type === 'multiple' ? 'checkbox' : 'radio', name: name, value: option.id }),
            el('span', { text: text }),
          ]));
        });
      }
      fieldset.appendChild(el('p', { className: 'verdict', 'aria-live': 'polite' }));
      form.appendChild(fieldset);
    });
    var submit = el('button', { type: 'submit', className: 'primary', text: say('submit') });
    var result = el('p', { className: 'result', role: 'status' });
    form.appendChild(submit);
    form.appendChild(result);

    function showResult(graded) {
      var percent = graded.m > 0 ? round2((graded.s / graded.m) * 100) : 100;
      result.textContent = say('score', { score: graded.s, max: graded.m, percent: percent }) + ' — ' +
        (percent >= quiz.passPercent ? say('passed') : say('notPassed', { pass: quiz.passPercent }));
      Array.prototype.forEach.call(form.querySelectorAll('input, textarea, button'), function (input) {
        input.disabled = true;
      });
      (graded.v || []).forEach(function (verdict, qIndex) {
        var fieldset = form.children[qIndex];
        var question = quiz.questions[qIndex];
        if (!gradable(question)) return;
        var line = fieldset.querySelector('.verdict');
        line.textContent = (verdict ? say('right') : say('wrong')) + (question.explanation ? ' — ' + question.explanation : '');
        line.className = 'verdict ' + (verdict ? 'right' : 'wrong');
      });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      if (state.r[quizIndex]) return;
      var score = 0;
      var max = 0;
      var verdicts = [];
      quiz.questions.forEach(function (question, qIndex) {
        if (!gradable(question)) { verdicts.push(0); return; }
        var answer = answerOf(form, question, qIndex);
        var right = isRight(question, answer);
        max += question.marks;
        if (right) score += question.marks;
        else if (answered(question, answer)) score -= question.negativeMarks;
        verdicts.push(right ? 1 : 0);
      });
      state.r[quizIndex] = { s: round2(Math.max(0, score)), m: round2(max), v: verdicts };
      showResult(state.r[quizIndex]);
      report();
    });
    if (state.r[quizIndex]) showResult(state.r[quizIndex]);
    root.appendChild(section);
  });

  // ---- material and FAQ ------------------------------------------------------------------------------------
  if (data.materials.length) {
    root.appendChild(el('section', null, [
      el('h2', { text: say('material') }),
      el('ul', null, data.materials.map(function (item) {
        return el('li', null, [el('a', { href: item.href, target: '_blank', rel: 'noopener', text: item.title })]);
      })),
    ]));
  }
  if (data.faqs.length) {
    root.appendChild(el('section', null, [
      el('h2', { text: say('faq') }),
    ].concat(data.faqs.map(function (faq) {
      return el('details', null, [el('summary', { text: faq.question }), el('p', { text: faq.answer })]);
    }))));
  }
  root.appendChild(el('p', { className: 'footer', text: say('madeWith') }));

  if (data.lessons.length) showLesson(current); else report();

  var finished = false;
  function finish() {
    if (finished) return;
    finished = true;
    var complete = watchedCount() === data.lessons.length && submittedAll();
    lms.set(v2004 ? 'cmi.exit' : 'cmi.core.exit', complete ? '' : 'suspend');
    lms.commit();
    lms.finish();
  }
  window.addEventListener('pagehide', finish);
  window.addEventListener('beforeunload', finish);
  window.gurukulPackage = { report: report, finish: finish, state: state };
})();
`;

export const PLAYER_CSS = `*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,"Noto Sans","Noto Sans Devanagari",sans-serif;color:#1a1b1e;background:#fff}
#app{max-width:60rem;margin:0 auto;padding:1rem}
h1{font-size:1.6rem;margin:.5rem 0}
h2{font-size:1.25rem;margin:1.5rem 0 .5rem}
h3{font-size:1.05rem;margin:.75rem 0 .25rem}
.notice{background:#fff4e5;border:1px solid #f08c00;padding:.5rem .75rem;border-radius:6px}
.lessons{padding-left:1.25rem}
.lessons li{margin:.25rem 0;display:flex;flex-wrap:wrap;gap:.5rem;align-items:center}
button{font:inherit;padding:.5rem .9rem;border-radius:6px;border:1px solid #868e96;background:#f8f9fa;color:inherit;cursor:pointer;min-height:44px}
button[aria-current=true]{border-color:#1c7ed6;background:#e7f5ff}
button.primary{background:#1c7ed6;border-color:#1c7ed6;color:#fff}
button:focus-visible,a:focus-visible,input:focus-visible,textarea:focus-visible,summary:focus-visible{outline:3px solid #f59f00;outline-offset:2px}
button:disabled{opacity:.7;cursor:default}
.badge{font-size:.85rem;color:#495057}
.badge.done{color:#2b8a3e;font-weight:600}
video{width:100%;max-height:70vh;background:#000;border-radius:6px}
fieldset{border:1px solid #dee2e6;border-radius:6px;margin:.75rem 0;padding:.75rem}
legend{padding:0 .25rem;font-weight:600}
.prompt{white-space:pre-wrap}
.marks{font-weight:400;color:#495057}
fieldset img{max-width:100%;height:auto;display:block;margin:.5rem 0}
label{display:block;margin:.35rem 0}
label.option{display:flex;gap:.5rem;align-items:flex-start}
input[type=text],textarea{width:100%;font:inherit;padding:.4rem;border:1px solid #868e96;border-radius:4px}
.note{color:#495057;font-style:italic}
.verdict.right{color:#2b8a3e}
.verdict.wrong{color:#c92a2a}
.result{font-weight:600}
.footer{margin-top:2rem;color:#868e96;font-size:.85rem}
details{border-bottom:1px solid #dee2e6;padding:.5rem 0}
summary{cursor:pointer;font-weight:600}
`;
