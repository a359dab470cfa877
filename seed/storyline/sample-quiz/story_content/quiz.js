;(function () {
  var answers = { q1: 'a', q2: 'b', q3: 'c' }
  var form = document.getElementById('quiz')
  form.addEventListener('submit', function (event) {
    event.preventDefault()
    var score = 0
    Object.keys(answers).forEach(function (name) {
      var picked = form.querySelector('input[name="' + name + '"]:checked')
      if (picked && picked.value === answers[name]) score += 1
    })
    document.getElementById('result').textContent = 'You answered ' + score + ' of 3 correctly.'
  })
})()
