;(function () {
  var answers = { q1: 'a', q2: 'b', q3: 'c' }
  var names = Object.keys(answers)
  var form = document.getElementById('quiz')
  var result = document.getElementById('result')
  var lms = window.civicsLms || null

  function picked() {
    var data = {}
    names.forEach(function (name) {
      var input = form.querySelector('input[name="' + name + '"]:checked')
      if (input) data[name] = input.value
    })
    return data
  }

  // Resume: put back the answers saved last time.
  var saved = lms && lms.resumeData()
  if (saved && saved.answers) {
    names.forEach(function (name) {
      var input = form.querySelector('input[name="' + name + '"][value="' + saved.answers[name] + '"]')
      if (input) input.checked = true
    })
    result.textContent = 'Welcome back! Your answers were saved.'
  }
  if (lms && lms.ready && lms.learnerName()) {
    var learner = document.getElementById('learner')
    learner.textContent = 'Taking the quiz as ' + lms.learnerName() + '.'
    learner.hidden = false
  }

  form.addEventListener('change', function () {
    if (lms) lms.save({ answers: picked() }, 'question-' + Object.keys(picked()).length)
  })

  form.addEventListener('submit', function (event) {
    event.preventDefault()
    var choice = picked()
    var score = 0
    names.forEach(function (name) {
      if (choice[name] === answers[name]) score += 1
    })
    var passed = score * 100 >= 60 * names.length
    result.textContent = 'You answered ' + score + ' of ' + names.length + ' correctly.' + (lms && lms.ready ? (passed ? ' You passed!' : ' Try again to pass.') : '')
    if (lms) {
      lms.save({ answers: choice, checked: true }, 'results')
      lms.score(score, names.length, passed)
    }
  })
})()
