// Checks Jenkinsfiles against the part of the Declarative Pipeline DSL that `nightshift export
// jenkins` writes, without a Jenkins: each file must parse as Groovy, use only known words, put
// each section where Declarative allows it, and give the arguments Jenkins expects.
//   groovy scripts/jenkins/check-jenkinsfile.groovy Jenkinsfile.lint Jenkinsfile.qa-release …
// Prints "ok FILE" or "FAIL FILE: reason" per file; exits 1 when any file failed.

class DeclarativeStub {
    private final List<String> sections = []
    private final Map<String, Integer> seen = [:]

    private void enter(String word, List<String> parents, Closure body = null) {
        String parent = sections ? sections[-1] : 'top'
        if (!(parent in parents)) throw new IllegalStateException("'$word' is not allowed in '$parent'")
        String key = (sections + [word]).join('/')
        seen[key] = (seen[key] ?: 0) + 1
        if (body == null) return
        sections.add(word)
        body.delegate = this
        body.resolveStrategy = Closure.DELEGATE_ONLY
        body.call()
        sections.remove(sections.size() - 1)
    }

    private void once(String path) {
        if ((seen[path] ?: 0) > 1) throw new IllegalStateException("'$path' appears more than once")
    }

    private void require(String path) {
        if (!seen[path]) throw new IllegalStateException("'$path' is missing")
    }

    void check(String source) {
        Binding binding = new Binding()
        binding.setVariable('pipeline', { Closure body -> pipeline(body) })
        new GroovyShell(binding).evaluate(source)
        require('pipeline')
        once('pipeline')
    }

    void pipeline(Closure body) {
        enter('pipeline', ['top'], body)
        require('pipeline/agent')
        require('pipeline/stages')
        ['agent', 'triggers', 'parameters', 'options', 'environment', 'stages', 'post'].each { once("pipeline/$it") }
    }

    String getAny() { 'any' }
    String getNone() { 'none' }

    void agent(String kind) {
        if (!(kind in ['any', 'none'])) throw new IllegalArgumentException("agent $kind")
        if (kind == 'none' && sections[-1] != 'pipeline') throw new IllegalStateException("'agent none' belongs in 'pipeline'")
        enter('agent', ['pipeline', 'stage'])
    }
    void agent(Closure body) { enter('agent', ['pipeline', 'stage'], body) }
    void label(String expression) { nonEmpty('label', expression); enter('label', ['agent']) }

    void triggers(Closure body) { enter('triggers', ['pipeline'], body) }
    void cron(String spec) { cronSpec('cron', spec); enter('cron', ['triggers']) }
    void pollSCM(String spec) { cronSpec('pollSCM', spec); enter('pollSCM', ['triggers']) }
    // The Parameterized Scheduler plugin: each spec line may end with `% name=value;name=value`.
    void parameterizedCron(String spec) {
        def lines = spec.split(/\r?\n/).collect { String line ->
            int percent = line.indexOf('%')
            if (percent < 0) return line
            def pairs = line.substring(percent + 1).trim().split(';').collect { it.trim() }.findAll { !it.isEmpty() }
            pairs.each { pair ->
                int equals = pair.indexOf('=')
                if (equals <= 0 || pair.substring(equals + 1).trim().isEmpty()) throw new IllegalArgumentException("parameterizedCron pair '$pair' needs name=value")
            }
            line.substring(0, percent)
        }
        cronSpec('parameterizedCron', lines.join('\n'))
        enter('parameterizedCron', ['triggers'])
    }

    // Declarative's build parameters: each takes a name, a description and a default of its type.
    void parameters(Closure body) { enter('parameters', ['pipeline'], body) }
    void string(Map arguments) { parameter('string', arguments, ['name', 'defaultValue', 'description'], String) }
    void password(Map arguments) { parameter('password', arguments, ['name', 'defaultValue', 'description'], String) }
    void booleanParam(Map arguments) { parameter('booleanParam', arguments, ['name', 'defaultValue', 'description'], Boolean) }
    void choice(Map arguments) {
        parameter('choice', arguments, ['name', 'choices', 'description'], null)
        if (!(arguments.choices instanceof List) || arguments.choices.isEmpty() || !arguments.choices.every { it instanceof String }) {
            throw new IllegalArgumentException("choice ${arguments.name}: choices must be a non-empty list of strings")
        }
    }
    private void parameter(String kind, Map arguments, List keys, Class defaultType) {
        if (!keys.containsAll(arguments.keySet()) || !arguments.containsKey('name')) throw new IllegalArgumentException("$kind $arguments")
        if (!(arguments.name ==~ /[A-Za-z_][A-Za-z0-9_]*/)) throw new IllegalArgumentException("$kind name ${arguments.name}")
        if (defaultType != null && arguments.containsKey('defaultValue') && !defaultType.isInstance(arguments.defaultValue)) {
            throw new IllegalArgumentException("$kind ${arguments.name}: defaultValue ${arguments.defaultValue}")
        }
        enter(kind, ['parameters'])
    }

    void options(Closure body) { enter('options', ['pipeline', 'stage'], body) }
    void disableConcurrentBuilds() {
        if (sections.size() != 2) throw new IllegalStateException("'disableConcurrentBuilds' belongs in the pipeline's options")
        enter('disableConcurrentBuilds', ['options'])
    }
    void timestamps() { enter('timestamps', ['options']) }
    void timeout(Map arguments) {
        if (!(['time', 'unit', 'activity'].containsAll(arguments.keySet()))) throw new IllegalArgumentException("timeout $arguments")
        if (!(arguments.time instanceof Integer) || arguments.time < 1) throw new IllegalArgumentException("timeout time ${arguments.time}")
        if (!(arguments.unit in ['SECONDS', 'MINUTES', 'HOURS', 'DAYS'])) throw new IllegalArgumentException("timeout unit ${arguments.unit}")
        enter('timeout', ['options'])
    }

    void environment(Closure body) { enter('environment', ['pipeline', 'stage'], body) }
    String credentials(String id) { nonEmpty('credentials', id); enter('credentials', ['environment']); "credentials:$id" }
    void setProperty(String name, Object value) {
        if (sections[-1] != 'environment') throw new IllegalStateException("assignment to $name outside 'environment'")
        if (!(name ==~ /[A-Za-z_][A-Za-z0-9_]*/)) throw new IllegalArgumentException("variable name $name")
        if (!(value instanceof String)) throw new IllegalArgumentException("$name = $value")
    }

    void stages(Closure body) { enter('stages', ['pipeline'], body) }
    void stage(String name, Closure body) {
        nonEmpty('stage', name)
        enter('stage', ['stages'], body)
    }
    void steps(Closure body) { enter('steps', ['stage'], body) }
    void sh(String script) { nonEmpty('sh', script); enter('sh', ['steps']) }

    void post(Closure body) { enter('post', ['pipeline', 'stage'], body) }
    void always(Closure body) { enter('always', ['post'], body) }
    void junit(Map arguments) {
        if (!(['testResults', 'allowEmptyResults'].containsAll(arguments.keySet()))) throw new IllegalArgumentException("junit $arguments")
        nonEmpty('junit testResults', arguments.testResults)
        enter('junit', ['always', 'steps'])
    }

    // `env.NAME` in post steps (a test step's report paths): any variable reads as '1'.
    Map<String, String> getEnv() { [:].withDefault { '1' } }

    // The Coverage plugin's step, as nightshift writes it: Cobertura files by pattern.
    void recordCoverage(Map arguments) {
        if (arguments.keySet() != (['tools'] as Set)) throw new IllegalArgumentException("recordCoverage $arguments")
        def tools = arguments.tools
        if (!(tools instanceof List) || tools.isEmpty()) throw new IllegalArgumentException("recordCoverage tools $tools")
        tools.each { tool ->
            if (!(tool instanceof Map) || tool.keySet() != (['parser', 'pattern'] as Set) || tool.parser != 'COBERTURA') {
                throw new IllegalArgumentException("recordCoverage tool $tool")
            }
            nonEmpty('recordCoverage pattern', tool.pattern)
        }
        enter('recordCoverage', ['always', 'steps'])
    }

    // The HTML Publisher plugin's step, with the parameters its documentation lists for `target`.
    void publishHTML(Map arguments) {
        if (arguments.keySet() != (['target'] as Set) || !(arguments.target instanceof Map)) throw new IllegalArgumentException("publishHTML $arguments")
        def target = arguments.target
        def known = ['reportName', 'reportDir', 'reportFiles', 'keepAll', 'alwaysLinkToLastBuild', 'allowMissing', 'escapeUnderscores',
                     'icon', 'includes', 'numberOfWorkers', 'reportTitles', 'useWrapperFileDirectly']
        if (!known.containsAll(target.keySet())) throw new IllegalArgumentException("publishHTML target $target")
        ['reportName', 'reportDir', 'reportFiles'].each { nonEmpty("publishHTML $it", target[it]) }
        ['keepAll', 'alwaysLinkToLastBuild', 'allowMissing'].each {
            if (!(target[it] instanceof Boolean)) throw new IllegalArgumentException("publishHTML $it needs a boolean, got '${target[it]}'")
        }
        enter('publishHTML', ['always', 'steps'])
    }

    // Jenkins core's step, with the parameters it documents.
    void archiveArtifacts(Map arguments) {
        def known = ['artifacts', 'excludes', 'allowEmptyArchive', 'fingerprint', 'onlyIfSuccessful', 'defaultExcludes', 'caseSensitive',
                     'followSymlinks']
        if (!known.containsAll(arguments.keySet())) throw new IllegalArgumentException("archiveArtifacts $arguments")
        nonEmpty('archiveArtifacts artifacts', arguments.artifacts)
        enter('archiveArtifacts', ['always', 'steps'])
    }

    private static void nonEmpty(String word, Object value) {
        if (!(value instanceof String) || value.trim().isEmpty()) throw new IllegalArgumentException("$word needs a non-empty string, got '$value'")
    }

    // Jenkins splits the spec on newlines, ignores blank and # lines and allows TZ= as line 1 only.
    private static void cronSpec(String word, String spec) {
        def lines = spec.split(/\r?\n/).collect { it.trim() }
        lines.eachWithIndex { String line, int index ->
            if (line.isEmpty() || line.startsWith('#') || (index == 0 && line.startsWith('TZ='))) return
            if (line.startsWith('@')) return
            if (line.split(/[ \t]+/).size() != 5) throw new IllegalArgumentException("$word line '$line' needs 5 fields")
        }
    }
}

if (args.length == 0) {
    System.err.println('usage: groovy check-jenkinsfile.groovy JENKINSFILE…')
    System.exit(2)
}
int failures = 0
for (String path in args) {
    try {
        new DeclarativeStub().check(new File(path).getText('UTF-8'))
        println "ok $path"
    } catch (Throwable problem) {
        println "FAIL $path: ${problem.class.simpleName}: ${problem.message?.readLines()?.first()}"
        failures++
    }
}
System.exit(failures == 0 ? 0 : 1)
