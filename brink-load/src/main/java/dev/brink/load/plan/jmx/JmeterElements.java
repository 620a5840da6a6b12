package dev.brink.load.plan.jmx;

import java.util.Set;

/**
 * The test elements JMeter knows by name: the aliases of its save service ({@code bin/saveservice.properties} of
 * JMeter 5.6, the names its XStream writes as tags), and how the import treats each kind. An element whose tag is
 * neither an alias nor a dotted class name (a plugin's) is one JMeter cannot load: the plan is refused.
 */
final class JmeterElements {
    private static final Set<String> ALIASES = Set.of("AccessLogSampler", "AjpSampler", "AnchorModifier", "Argument", "Arguments",
            "AuthManager", "Authorization", "BackendListener", "BeanShellAssertion", "BeanShellListener", "BeanShellPostProcessor",
            "BeanShellPreProcessor", "BeanShellSampler", "BeanShellTimer", "BoundaryExtractor", "BSFAssertion", "BSFListener",
            "BSFPreProcessor", "BSFPostProcessor", "BSFSampler", "BSFTimer", "CacheManager", "CompareAssertion", "ConfigTestElement",
            "ConstantThroughputTimer", "ConstantTimer", "Cookie", "CookieManager", "CounterConfig", "CriticalSectionController",
            "CSVDataSet", "DebugPostProcessor", "DebugSampler", "DNSCacheManager", "DurationAssertion", "PreciseThroughputTimer",
            "OpenModelThreadGroup", "OpenModelThreadGroupController", "ForeachController", "FTPSampler", "GaussianRandomTimer",
            "GenericController", "Header", "HeaderManager", "HTMLAssertion", "HTTPArgument", "HTTPFileArg", "HTTPFileArgs",
            "HtmlExtractor", "HttpMirrorControl", "HTTPSamplerProxy", "HTTPSampler", "HTTPSampler2", "IfController",
            "IncludeController", "InterleaveControl", "JavaConfig", "JavaSampler", "JDBCDataSource", "JDBCPostProcessor",
            "JDBCPreProcessor", "JDBCSampler", "JMESPathAssertion", "JMESPathExtractor", "JMSSampler", "JSONPathAssertion",
            "JSONPostProcessor", "JSR223Assertion", "JSR223Listener", "JSR223PostProcessor", "JSR223PreProcessor", "JSR223Sampler",
            "JSR223Timer", "JUnitSampler", "KeystoreConfig", "LDAPExtSampler", "LDAPSampler", "LoginConfig", "LoopController",
            "MailerModel", "MailerResultCollector", "MailReaderSampler", "MD5HexAssertion", "ModuleController", "BoltSampler",
            "BoltConnectionElement", "OnceOnlyController", "ParamModifier", "PoissonRandomTimer", "ProxyControl", "PublisherSampler",
            "RandomController", "RandomOrderController", "RandomVariableConfig", "RecordController", "RecordingController",
            "RegexExtractor", "RegExUserParameters", "ResponseAssertion", "ResultAction", "ResultCollector", "ResultSaver", "RunTime",
            "SampleTimeout", "SimpleDataWriter", "SizeAssertion", "SMIMEAssertion", "SmtpSampler", "SoapSampler", "SubscriberSampler",
            "Summariser", "SwitchController", "SyncTimer", "SystemSampler", "TCPSampler", "TestAction", "TestFragmentController",
            "TestPlan", "ThreadGroup", "PostThreadGroup", "SetupThreadGroup", "ThroughputController", "TransactionController",
            "TransactionSampler", "UniformRandomTimer", "URLRewritingModifier", "UserParameterModifier", "UserParameters",
            "WebServiceSampler", "WhileController", "WorkBench", "XMLAssertion", "XMLSchemaAssertion", "XPathAssertion",
            "XPath2Assertion", "XPathExtractor", "XPath2Extractor");

    static final Set<String> HTTP_SAMPLERS = Set.of("HTTPSamplerProxy", "HTTPSampler", "HTTPSampler2");
    /** Controllers whose children run once, in order, on each pass: their samplers are steps as they stand. */
    static final Set<String> PASS_THROUGH = Set.of("GenericController", "TransactionController", "RecordingController", "RecordController");
    static final Set<String> TIMERS = Set.of("ConstantTimer", "UniformRandomTimer", "GaussianRandomTimer", "PoissonRandomTimer");
    static final Set<String> EXTRACTORS = Set.of("RegexExtractor", "JSONPostProcessor", "BoundaryExtractor", "JMESPathExtractor");
    static final Set<String> ASSERTIONS = Set.of("ResponseAssertion", "JSONPathAssertion", "DurationAssertion");
    static final Set<String> LISTENERS = Set.of("ResultCollector", "BackendListener", "Summariser", "SimpleDataWriter",
            "MailerResultCollector", "ResultSaver", "ResultAction");

    private JmeterElements() {
    }

    /** True for a tag JMeter can load: one of its aliases, or a plugin's fully qualified class name. */
    static boolean known(String tag) {
        return ALIASES.contains(tag) || tag.indexOf('.') > 0 && tag.matches("[A-Za-z_$][\\w$]*(\\.[A-Za-z_$][\\w$]*)+");
    }

    /** Scripted elements: an interpreter per call, whose garbage and caches grow with the load (field report 002). */
    static boolean scripted(String testclass) {
        return testclass.startsWith("BeanShell") || testclass.startsWith("JSR223") || testclass.startsWith("BSF");
    }

    static boolean controller(String testclass) {
        return testclass.endsWith("Controller") || testclass.equals("InterleaveControl") || testclass.equals("RunTime");
    }

    static boolean threadGroup(String testclass) {
        return testclass.endsWith("ThreadGroup");
    }

    /** Elements that apply by scope to the samplers around them, wherever they sit among their siblings. */
    static boolean scoped(String testclass) {
        return !HTTP_SAMPLERS.contains(testclass) && !testclass.equals("TestAction") && !controller(testclass)
                && !threadGroup(testclass) && !testclass.endsWith("Sampler") && !testclass.equals("TestPlan");
    }
}
