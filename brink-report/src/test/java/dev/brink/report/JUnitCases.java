package dev.brink.report;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NamedNodeMap;
import org.w3c.dom.NodeList;

/** junit.xml read back with the JDK's XML parser (so it is well-formed), for field-by-field checks. */
record JUnitCases(Map<String, String> suite, Map<String, Element> cases) {
    static JUnitCases read(Path file) throws Exception {
        Document doc = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(file.toFile());
        Element root = doc.getDocumentElement();
        if (!root.getTagName().equals("testsuite")) {
            throw new AssertionError("root element " + root.getTagName());
        }
        Map<String, String> suite = new LinkedHashMap<>();
        NamedNodeMap attrs = root.getAttributes();
        for (int i = 0; i < attrs.getLength(); i++) {
            suite.put(attrs.item(i).getNodeName(), attrs.item(i).getNodeValue());
        }
        Map<String, Element> cases = new LinkedHashMap<>();
        NodeList list = root.getElementsByTagName("testcase");
        for (int i = 0; i < list.getLength(); i++) {
            Element c = (Element) list.item(i);
            if (!c.getAttribute("classname").equals("brink")) {
                throw new AssertionError("classname " + c.getAttribute("classname"));
            }
            if (cases.put(c.getAttribute("name"), c) != null) {
                throw new AssertionError("two test cases named " + c.getAttribute("name"));
            }
        }
        return new JUnitCases(suite, cases);
    }

    List<String> names() {
        return new ArrayList<>(cases.keySet());
    }

    /** The failure message, null when the case passed. */
    String failure(String name) {
        return child(name, "failure", true);
    }

    String skipped(String name) {
        return child(name, "skipped", true);
    }

    String out(String name) {
        return child(name, "system-out", false);
    }

    private String child(String name, String tag, boolean message) {
        Element c = cases.get(name);
        if (c == null) {
            throw new AssertionError("no test case " + name + " in " + cases.keySet());
        }
        NodeList l = c.getElementsByTagName(tag);
        if (l.getLength() == 0) {
            return null;
        }
        Element e = (Element) l.item(0);
        return message ? e.getAttribute("message") : e.getTextContent();
    }
}
