package dev.tide.campus.app;

import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.test.annotation.DirtiesContext;

/** The application as {@code ./campus} runs it: Tide, and the campus's tables, in SQLite files of the data folder. */
@SpringBootTest(classes = CampusApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
@DirtiesContext
class SqliteCampusAppTest extends CampusAppContract {}
