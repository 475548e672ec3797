package dev.tide.campus.app.web;

import dev.tide.campus.app.demo.DemoAdmin;
import java.util.HashMap;
import java.util.Map;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.GetMapping;

/** The home page: what the application does, and in the demo how to sign in to the dashboard. */
@Controller
class HomeController {
    private final Pages pages;
    private final ObjectProvider<DemoAdmin> demoAdmin;

    HomeController(Pages pages, ObjectProvider<DemoAdmin> demoAdmin) {
        this.pages = pages;
        this.demoAdmin = demoAdmin;
    }

    @GetMapping("/")
    ResponseEntity<String> home() {
        Map<String, Object> params = new HashMap<>();
        params.put("admin", demoAdmin.getIfAvailable());
        return pages.ok("home.jte", params);
    }
}
